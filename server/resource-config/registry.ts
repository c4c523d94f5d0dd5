import { asc } from 'drizzle-orm';
import type { Locale } from '../../contract/locale';
import { message } from '../../contract/messages';
import type { ResourceDef } from '../../contract/resource';
import {
  checkAgainstBuiltIns,
  localeTextsOf,
  resourceDeclarationSchema,
  toResourceDef,
  type LocaleNamespace,
  type ResourceDeclaration,
} from '../../contract/resource-config';
import { RESOURCES } from '../../contract/resources';
import type { Database } from '../db/client';
import { resourceDeclarations, type ResourceDeclarationRow } from '../db/schema';
import { dottedPath, readConfigFile, zodIssues, type DeclarationIssue } from './file';

/** Where a declaration comes from: the RESOURCES_CONFIG file (read-only) or the admin page. */
export type DeclarationOrigin = 'file' | 'page';

export interface RegisteredDeclaration {
  readonly name: string;
  readonly origin: DeclarationOrigin;
  readonly enabled: boolean;
  /**
   * A page declaration's optimistic lock. A file declaration has none to send back, so this
   * counts the reloads that changed it (from 1), which is enough for a client to see a change.
   */
  readonly version: number;
  readonly declaration: ResourceDeclaration;
  readonly def: ResourceDef;
  readonly texts: Record<Locale, LocaleNamespace>;
  /** Why it is not served although it parsed (a clash that appeared later); usually empty. */
  readonly issues: readonly DeclarationIssue[];
}

/**
 * A problem the last reload found. File issues are rooted at the file
 * (`resources.0.fields.2.options`); page issues at the declaration named by `name`.
 */
export interface RegistryIssue extends DeclarationIssue {
  readonly origin: DeclarationOrigin;
  readonly name?: string;
}

/** The part of a pino/Fastify logger the registry uses. */
export interface RegistryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeclarationRegistryOptions {
  db: Database;
  /** RESOURCES_CONFIG; without it there are only page declarations. */
  configPath?: string;
  builtIns?: readonly ResourceDef[];
  /** Where a throwing onChange listener is reported. */
  log?: RegistryLog;
}

/** A declaration placed in a list checked by checkAgainstBuiltIns, and where to report it. */
export interface CheckEntry {
  readonly decl: ResourceDeclaration;
  /** Prefix of the reported path: [] for the declaration a caller sent, its name otherwise. */
  readonly at: readonly (string | number)[];
}

export interface LocatedIssue extends DeclarationIssue {
  /** The declaration the issue is on, and the path within it. */
  readonly name: string;
  readonly relative: string;
}

/**
 * checkAgainstBuiltIns over a mixed list, with each path re-rooted at its entry's `at` and
 * `resources.<j>` in parameters (and so in every wording of the message) replaced by that
 * declaration's name: indices into a list the caller never saw would mean nothing to them.
 */
export function checkEntries(
  entries: readonly CheckEntry[],
  builtIns: readonly ResourceDef[],
): LocatedIssue[] {
  return checkAgainstBuiltIns(
    entries.map((e) => e.decl),
    builtIns,
  ).map((issue) => {
    // checkAgainstBuiltIns roots every path at ['resources', i].
    const [, index, ...rest] = issue.path;
    const entry = entries[Number(index)];
    if (!entry) throw new Error(`checkAgainstBuiltIns reported an unknown path ${issue.path}`);
    const named = (v: string | number) =>
      typeof v === 'string'
        ? v.replace(
            /\bresources\.(\d+)/g,
            (whole, j: string) => entries[Number(j)]?.decl.name ?? whole,
          )
        : v;
    const params = issue.params
      ? Object.fromEntries(Object.entries(issue.params).map(([k, v]) => [k, named(v)]))
      : undefined;
    return {
      name: entry.decl.name,
      path: dottedPath([...entry.at, ...rest]),
      relative: dottedPath(rest),
      key: issue.key,
      ...(params ? { params } : {}),
      message: message('en-US', issue.key, params),
    };
  });
}

type Listener = (registry: DeclarationRegistry) => void;

/**
 * The admin-declared resources the server serves: the file's (read-only) and the page's (the
 * resource_declarations table). A file declaration wins a name over a page one. Reads are
 * synchronous over the state of the last reload; reload() re-reads both sources.
 */
export class DeclarationRegistry {
  private readonly db: Database;
  private readonly builtIns: readonly ResourceDef[];
  private readonly listeners = new Set<Listener>();
  /** The last good file's declarations, and how often each changed across reloads. */
  private file: readonly ResourceDeclaration[] = [];
  private fileVersions = new Map<string, { json: string; version: number }>();
  private fileIssues: RegistryIssue[] = [];
  private entries: readonly RegisteredDeclaration[] = [];
  /** Issues of the declarations themselves (shadowed, invalid, clashing), from the last reload. */
  private declarationIssues: RegistryIssue[] = [];
  private fingerprint = '';
  /** Reloads run one after another, so a SIGHUP during a page change cannot interleave. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: DeclarationRegistryOptions) {
    this.db = options.db;
    this.builtIns = options.builtIns ?? RESOURCES;
  }

  /** Every declaration, file ones first, served or not (disabled, or with issues). */
  all(): readonly RegisteredDeclaration[] {
    return this.entries;
  }

  /** The declarations to serve: enabled, and with no issue. */
  enabled(): RegisteredDeclaration[] {
    return this.entries.filter((e) => e.enabled && e.issues.length === 0);
  }

  get(name: string): RegisteredDeclaration | undefined {
    return this.entries.find((e) => e.name === name);
  }

  /** What the last reload found wrong: a bad file, a shadowed or clashing page declaration. */
  issues(): RegistryIssue[] {
    return [...this.fileIssues, ...this.declarationIssues];
  }

  /** The file's declarations in force, for the store's checks (page names must not clash). */
  fileDeclarations(): readonly ResourceDeclaration[] {
    return this.file;
  }

  /** Calls `listener` after each reload that changed what all() or issues() answer. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Re-reads the file and the table. A bad file (unreadable, unparsable, or clashing with the
   * built-ins) keeps the last good file's declarations and records its issues, so a typo pushed
   * to git does not take resources away. A failing table read rejects and changes nothing.
   */
  reload(): Promise<void> {
    return this.serially(async () => {
      const file = await this.readFile();
      const rows = await this.readTable();
      this.install(file, rows);
    });
  }

  /** Re-reads the table only: after a page change, the file need not be read again. */
  reloadPage(): Promise<void> {
    return this.serially(async () => {
      const rows = await this.readTable();
      this.install(undefined, rows);
    });
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work);
    // A failed reload must not block the ones after it; its caller sees the rejection.
    this.queue = run.catch(() => {});
    return run;
  }

  private async readFile(): Promise<FileRead> {
    const path = this.options.configPath;
    if (!path) return { declarations: [], issues: [] };
    const { declarations, issues } = await readConfigFile(path);
    if (issues.length) {
      return { issues: issues.map((i) => ({ ...i, origin: 'file' as const })) };
    }
    // A file that clashes with the built-ins or with itself is as bad as a typo. It is checked
    // alone, so its declarations can refer only to built-ins and to each other: the page's set
    // changes at any time, and the file must not break because of it.
    const clashes = checkAgainstBuiltIns(declarations, this.builtIns);
    if (clashes.length) {
      return {
        issues: clashes.map(({ path, ...rest }) => ({
          origin: 'file' as const,
          path: dottedPath(path),
          ...rest,
        })),
      };
    }
    return { declarations, issues: [] };
  }

  private async readTable(): Promise<ResourceDeclarationRow[]> {
    return this.db
      .select()
      .from(resourceDeclarations)
      .orderBy(asc(resourceDeclarations.createdAt), asc(resourceDeclarations.name));
  }

  /** `file` undefined: keep the file state as it is. */
  private install(file: FileRead | undefined, rows: readonly ResourceDeclarationRow[]): void {
    if (file) {
      this.fileIssues = file.issues;
      if (file.declarations) this.setFile(file.declarations);
    }
    const fileNames = new Set(this.file.map((d) => d.name));
    const issues: RegistryIssue[] = [];
    const pages: { row: ResourceDeclarationRow; decl: ResourceDeclaration }[] = [];
    for (const row of rows) {
      if (fileNames.has(row.name)) {
        const params = { name: row.name };
        issues.push({
          origin: 'page',
          name: row.name,
          path: 'name',
          key: 'declShadowedByFile',
          params,
          message: message('en-US', 'declShadowedByFile', params),
        });
        continue;
      }
      // Parsed again: a row written under an older contract may no longer be valid.
      const input = { ...row.declaration, enabled: row.enabled };
      const parsed = resourceDeclarationSchema.safeParse(input);
      if (!parsed.success) {
        for (const i of zodIssues(parsed.error, input))
          issues.push({ origin: 'page', name: row.name, ...i });
        continue;
      }
      pages.push({ row, decl: parsed.data });
    }

    const checkList: CheckEntry[] = [
      ...this.file.map((decl) => ({ decl, at: [decl.name] })),
      ...pages.map(({ decl }) => ({ decl, at: [decl.name] })),
    ];
    const byName = new Map<string, DeclarationIssue[]>();
    for (const { name, relative, path: _path, ...text } of checkEntries(checkList, this.builtIns)) {
      const list = byName.get(name) ?? [];
      list.push({ path: relative, ...text });
      byName.set(name, list);
      // The file was checked alone and comes first, so issues land on page declarations; the
      // origin is looked up all the same rather than assumed.
      const origin = fileNames.has(name) ? 'file' : 'page';
      issues.push({ origin, name, path: relative, ...text });
    }

    const entries: RegisteredDeclaration[] = [];
    const add = (
      decl: ResourceDeclaration,
      origin: DeclarationOrigin,
      enabled: boolean,
      version: number,
    ) => {
      let def: ResourceDef;
      try {
        def = toResourceDef(decl);
      } catch (error) {
        // A valid declaration the machinery refuses is a contract bug; it must not stop the rest.
        issues.push({ origin, name: decl.name, path: '', message: (error as Error).message });
        return;
      }
      entries.push({
        name: decl.name,
        origin,
        enabled,
        version,
        declaration: decl,
        def,
        texts: localeTextsOf(decl),
        issues: byName.get(decl.name) ?? [],
      });
    };
    for (const decl of this.file) {
      add(decl, 'file', decl.enabled, this.fileVersions.get(decl.name)?.version ?? 1);
    }
    for (const { row, decl } of pages) add(decl, 'page', row.enabled, row.version);

    this.entries = entries;
    this.declarationIssues = issues;
    this.notifyIfChanged();
  }

  private setFile(declarations: readonly ResourceDeclaration[]): void {
    const versions = new Map<string, { json: string; version: number }>();
    for (const decl of declarations) {
      const json = JSON.stringify(decl);
      const before = this.fileVersions.get(decl.name);
      const version = !before ? 1 : before.json === json ? before.version : before.version + 1;
      versions.set(decl.name, { json, version });
    }
    this.file = declarations;
    this.fileVersions = versions;
  }

  private notifyIfChanged(): void {
    // def and texts are derived from the declaration, so they need not be compared.
    const fingerprint = JSON.stringify({
      entries: this.entries.map(({ def: _def, texts: _texts, ...rest }) => rest),
      issues: this.issues(),
    });
    if (fingerprint === this.fingerprint) return;
    this.fingerprint = fingerprint;
    for (const listener of this.listeners) {
      try {
        listener(this);
      } catch (error) {
        // One listener's failure must not keep the others (or the reload) from completing.
        this.options.log?.error({ err: error }, 'a resource declaration listener failed');
      }
    }
  }
}

interface FileRead {
  /** Absent when the file is bad: the last good declarations stay. */
  declarations?: ResourceDeclaration[];
  issues: RegistryIssue[];
}

/**
 * Reloads the registry when the process gets SIGHUP (the usual "re-read your configuration"),
 * logging the outcome. Returns the function that removes the handler. While installed, SIGHUP
 * no longer ends the process: that is the point.
 */
export function watchSighup(
  registry: DeclarationRegistry,
  log: RegistryLog,
  /** What a reload is; ConfiguredResources.reload also brings the indexes in line. */
  reload: () => Promise<void> = () => registry.reload(),
): () => void {
  const handler = () => {
    log.info({}, 'SIGHUP: reloading resource declarations');
    reload().then(
      () => {
        const issues = registry.issues();
        if (issues.length) log.warn({ issues }, 'resource declarations have issues');
        else log.info({ count: registry.all().length }, 'resource declarations reloaded');
      },
      (error: unknown) => log.error({ err: error }, 'reloading resource declarations failed'),
    );
  };
  process.on('SIGHUP', handler);
  return () => {
    process.off('SIGHUP', handler);
  };
}
