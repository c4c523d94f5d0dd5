import type { Enforcer } from 'casbin';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { policyRules } from '../../contract/access';
import type { Locale } from '../../contract/locale';
import type { ResourceDef } from '../../contract/resource';
import type { ServedResource, ServedResources } from '../../contract/resource-config-api';
import type { Database } from '../db/client';
import { crudCalls, type CrudCall } from '../resources/engine/calls';
import type { CsvLabels } from '../resources/engine/csv';
import type { ReferenceTarget } from '../resources/engine/record-store';
import type { DeclarationRegistry, RegisteredDeclaration, RegistryLog } from './registry';
import { DocumentStore } from './document-store';
import { syncIndexes } from './row-indexes';

/** A validated body, or fastify-type-provider-zod's validation entries (the error handler's). */
type Validate = (body: unknown) => { value: unknown } | { error: unknown };

export interface ServedCall {
  readonly call: CrudCall;
  readonly validate: Validate;
}

/** One configured resource as it is served now. */
export interface ServedEntry {
  readonly entry: RegisteredDeclaration;
  readonly def: ResourceDef;
  /** Absent for a REST source: its rows are reached through the proxy (rest-proxy.ts). */
  readonly store?: DocumentStore;
  readonly calls: ReadonlyMap<string, ServedCall>;
}

export interface ConfiguredResourcesOptions {
  db: Database;
  registry: DeclarationRegistry;
  enforcer: Enforcer;
  /** Built-in resources' stores, which configured ones may refer to. */
  builtIns: ReadonlyMap<string, ReferenceTarget>;
  log?: RegistryLog;
}

/**
 * The configured resources the server answers for (stores, calls, casbin rules, menu routes),
 * rebuilt whenever the registry changes, so a declaration is served without a restart.
 */
export class ConfiguredResources {
  private byPrefix = new Map<string, ServedEntry>();
  private byName = new Map<string, ServedEntry>();
  private ruleNames: string[] = [];
  private currentStamp = '0';
  private stampCounter = 0;
  /** Policy updates run one after another: casbin's own calls are async. */
  private policyQueue: Promise<void> = Promise.resolve();

  constructor(private readonly options: ConfiguredResourcesOptions) {
    options.registry.onChange(() => this.rebuild());
    this.rebuild();
  }

  /** The served resources' definitions (enabled, without issues), in registry order. */
  defs(): ResourceDef[] {
    return [...this.byName.values()].map((s) => s.def);
  }

  get(name: string): ServedEntry | undefined {
    return this.byName.get(name);
  }

  /** The resource and call a path below the API prefix names (`kb/article/page`), if any. */
  resolve(path: string): { served: ServedEntry; call: ServedCall } | undefined {
    const cut = path.lastIndexOf('/');
    if (cut <= 0) return undefined;
    const served = this.byPrefix.get(path.slice(0, cut));
    const call = served?.calls.get(path.slice(cut + 1));
    return served && call ? { served, call } : undefined;
  }

  /** What `meta/resources` answers. */
  answer(): ServedResources {
    return {
      stamp: this.currentStamp,
      resources: [...this.byName.values()].map((s): ServedResource => ({
        name: s.def.name,
        origin: s.entry.origin,
        version: s.entry.version,
        def: s.def,
        texts: s.entry.texts,
        source: s.entry.declaration.source.kind,
      })),
    };
  }

  /** Changes whenever the served set does. */
  stamp(): string {
    return this.currentStamp;
  }

  /** Waits for the policy to follow the last change (tests, and callers that just changed it). */
  settled(): Promise<void> {
    return this.policyQueue;
  }

  /**
   * Re-reads the file and the table, then brings the expression indexes in line with every
   * database declaration. The page's changes sync indexes in their own transaction; this is for
   * the file, whose changes no transaction of ours carries.
   */
  async reload(): Promise<void> {
    await this.options.registry.reload();
    await this.syncAllIndexes();
  }

  async syncAllIndexes(): Promise<void> {
    const defs = this.options.registry
      .all()
      .filter((e) => e.declaration.source.kind === 'database')
      .map((e) => e.def);
    try {
      await syncIndexes(this.options.db, defs);
    } catch (error) {
      // A unique index the rows violate: the file's change stays unenforced until fixed.
      this.options.log?.error({ err: error }, 'configured resource indexes could not be synced');
    }
  }

  private rebuild(): void {
    // Looked up when a query runs, so a reference to a resource declared later resolves too.
    const targets = (name: string): ReferenceTarget | undefined =>
      this.options.builtIns.get(name) ?? this.byName.get(name)?.store;
    const byName = new Map<string, ServedEntry>();
    const byPrefix = new Map<string, ServedEntry>();
    for (const entry of this.options.registry.enabled()) {
      const def = entry.def;
      const source = entry.declaration.source;
      const calls = new Map<string, ServedCall>();
      let store: DocumentStore | undefined;
      if (source.kind === 'database') {
        store = new DocumentStore(def, this.options.db, targets);
        const labels = (locale: Locale): CsvLabels => entry.texts[locale];
        for (const call of crudCalls(def, store, { labels })) {
          calls.set(call.path, { call, validate: compile(call.body) });
        }
      }
      const served: ServedEntry = { entry, def, calls, ...(store ? { store } : {}) };
      byName.set(def.name, served);
      byPrefix.set(def.prefix, served);
    }
    this.byName = byName;
    this.byPrefix = byPrefix;
    this.stampCounter += 1;
    this.currentStamp = `${Date.now().toString(36)}.${this.stampCounter}`;
    this.updatePolicy([...byName.values()].map((s) => s.def));
  }

  private updatePolicy(defs: readonly ResourceDef[]): void {
    const enforcer = this.options.enforcer;
    const previous = this.ruleNames;
    this.ruleNames = defs.map((d) => d.name);
    this.policyQueue = this.policyQueue
      .then(async () => {
        for (const name of previous) await enforcer.removeFilteredPolicy(0, '', name);
        const rules = policyRules(defs);
        if (rules.length) await enforcer.addPolicies(rules);
      })
      .catch((error: unknown) => {
        this.options.log?.error({ err: error }, 'configured resource policy update failed');
      });
  }
}

function compile(schema: z.ZodType): Validate {
  return validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' }) as Validate;
}
