import { render, screen, waitFor } from '@testing-library/react';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { focusFirstField, useFocusFirstField } from './focus-first-field';

function root(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  document.body.replaceChildren(div);
  return div;
}

describe('focusFirstField', () => {
  it('focuses the first field a user can type into, past hidden and disabled ones', () => {
    const el = root(`
      <button>Close</button>
      <input type="hidden" name="id" />
      <input name="username" hidden />
      <div hidden><input id="in-hidden-block" /></div>
      <input id="disabled" disabled />
      <input id="first" />
      <textarea id="second"></textarea>`);
    expect(focusFirstField(el)).toBe(true);
    expect(document.activeElement?.id).toBe('first');
  });

  it('reaches a textarea when it is the first field', () => {
    const el = root('<label>Note</label><textarea id="note"></textarea>');
    expect(focusFirstField(el)).toBe(true);
    expect(document.activeElement?.id).toBe('note');
  });

  it('leaves the focus where the user put it, in a later field', () => {
    const el = root('<input id="first" /><input id="second" />');
    (el.querySelector('#second') as HTMLElement).focus();
    expect(focusFirstField(el)).toBe(true);
    expect(document.activeElement?.id).toBe('second');
  });

  it('does nothing without a field, or without a root', () => {
    const el = root('<p>Read only</p><button id="ok">OK</button>');
    expect(focusFirstField(el)).toBe(false);
    expect(document.activeElement).toBe(document.body);
    expect(focusFirstField(null)).toBe(false);
  });
});

function Dialog({ open, animated = false }: { open: boolean; animated?: boolean }) {
  const firstField = useFocusFirstField();
  const motion = animated ? {} : { transitionName: '', maskTransitionName: '' };
  return (
    <Modal {...firstField} {...motion} open={open} title="Create">
      <Form>
        <Form.Item label="Kind" name="kind">
          <Select options={[{ value: 'a', label: 'A' }]} />
        </Form.Item>
        <Form.Item label="Name" name="name">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

describe('useFocusFirstField', () => {
  it('puts the focus on the first field, a select too, once the dialog has opened', async () => {
    document.body.replaceChildren();
    const { rerender } = render(<Dialog open={false} />);
    rerender(<Dialog open />);
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('combobox'));
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('does so while the dialog is still opening: keys typed at once reach the field', async () => {
    document.body.replaceChildren();
    // With antd's animations: jsdom never ends them, so antd's afterOpenChange never comes.
    const { rerender } = render(<Dialog open={false} animated />);
    rerender(<Dialog open animated />);
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('combobox'));
  });

  it('gives the focus back to the button that opened it when it closes', async () => {
    document.body.replaceChildren();
    const Page = ({ open }: { open: boolean }) => (
      <>
        <button type="button">Create</button>
        <Dialog open={open} />
      </>
    );
    const { rerender } = render(<Page open={false} />);
    const opener = screen.getByRole('button', { name: 'Create' });
    opener.focus();
    rerender(<Page open />);
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('combobox'));
    rerender(<Page open={false} />);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

/**
 * What antd's dialog does at the end of its opening animation, without the animation: the frame
 * (a sentinel around the content) takes the focus unless it is inside, then afterOpenChange.
 */
function Opening({ question, lowerOpener }: { question: boolean; lowerOpener?: boolean }) {
  const firstField = useFocusFirstField();
  useEffect(() => {
    hook.current = firstField;
  });
  return (
    <>
      {lowerOpener && (
        <div className="ant-modal-wrap">
          <button type="button">Add</button>
        </div>
      )}
      <div className="ant-modal-wrap">
        <div tabIndex={0} data-testid="frame">
          {firstField.modalRender(<input aria-label="Name" />)}
        </div>
      </div>
      {question && (
        <div className="ant-modal-wrap">
          <button type="button">Keep editing</button>
        </div>
      )}
    </>
  );
}
const hook: { current: ReturnType<typeof useFocusFirstField> | null } = { current: null };

function openingEnds() {
  const frame = screen.getByTestId('frame');
  if (!frame.contains(document.activeElement)) frame.focus();
  hook.current?.afterOpenChange(true);
}

describe('useFocusFirstField under a question raised while it opens', () => {
  it('leaves the focus on the question when the dialog under it finishes opening', async () => {
    document.body.replaceChildren();
    const { rerender } = render(<Opening question={false} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    // Escape pressed at once: "discard changes?" opens on top and focuses "keep editing".
    rerender(<Opening question />);
    const keep = screen.getByRole('button', { name: 'Keep editing' });
    keep.focus();
    openingEnds();
    expect(document.activeElement).toBe(keep);
  });

  it('takes its first field when the question has gone again, or was never there', async () => {
    document.body.replaceChildren();
    const { rerender } = render(<Opening question={false} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    rerender(<Opening question />);
    screen.getByRole('button', { name: 'Keep editing' }).focus();
    rerender(<Opening question={false} />);
    openingEnds();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('takes its first field over the dialog it was opened from, which lies under it', async () => {
    document.body.replaceChildren();
    render(<Opening question={false} lowerOpener />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    screen.getByRole('button', { name: 'Add' }).focus();
    openingEnds();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });
});
