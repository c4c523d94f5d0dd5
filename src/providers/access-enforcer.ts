// First: casbin reaches for Node's Buffer while its modules evaluate, and static imports run in
// order. Static also fetches casbin's chunks with this one, saving a round trip.
import './buffer-global';
import type { Policy } from '../../contract/access/decide';
import type { ResourceDef } from '../../contract/resource';
import { createAccessEnforcer, policyOf } from '../../contract/access';

/**
 * The policy of a resource list (the registry's: built-ins and declared); the built-ins' by default.
 * Answers are remembered: this enforcer's rules never change, and pages ask the same few questions on
 * every render, each a run of casbin's matcher.
 */
export async function loadPolicy(resources?: readonly ResourceDef[]): Promise<Policy> {
  const ask = policyOf(await createAccessEnforcer(resources));
  const answers = new Map<string, boolean>();
  return (role, resource, action) => {
    const key = `${role} ${resource} ${action}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = ask(role, resource, action);
      answers.set(key, answer);
    }
    return answer;
  };
}
