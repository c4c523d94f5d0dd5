import { render, screen, waitFor } from '@testing-library/react';
import { Form, Input, Modal, Select } from 'antd';
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
