import { Code } from '../../../contract/envelope';
import { checkValues, type PromptVariable } from '../../../contract/prompt-variables';
import { AppError } from '../../http/app-error';

/**
 * Values checked by their variables' declared types, as the text each puts in the template; a
 * wrong one is a 40000 issue on `variables.<fieldName>`.
 */
export function checkedValues(
  variables: readonly PromptVariable[],
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const { issues, texts } = checkValues(variables, values);
  if (issues.length) {
    throw new AppError(
      Code.INVALID,
      'invalidField',
      {},
      issues.map((i) => ({ field: `variables.${i.field}`, key: i.key, params: i.params })),
    );
  }
  return texts;
}

/** A call's values as the call list shows them: `{ name, value }` pairs. */
export function variablePairs(values: Record<string, unknown> | null | undefined) {
  if (!values) return null;
  return Object.entries(values).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}
