import { feedbackMessage } from './feedback';

/**
 * Puts `text` on the clipboard and says so: `done` in a success toast, or `failed` when the
 * browser refuses (no permission, or no clipboard at all on a plain-HTTP origin other than
 * localhost). Resolves to whether it was copied.
 */
export async function copyText(text: string, done: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    void feedbackMessage().success(done);
    return true;
  } catch {
    void feedbackMessage().error(failed);
    return false;
  }
}
