import { act, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { showFieldErrors } from './reveal-first-error';

/** A three-field form whose instance the test drives, as a page's Save handler would. */
function renderForm(): { current: FormInstance } {
  const ref = {} as { current: FormInstance };
  function Harness() {
    const [form] = Form.useForm();
    useEffect(() => {
      ref.current = form;
    }, [form]);
    return (
      <Form form={form}>
        <Form.Item name="name" label="Name">
          <Input id="name" />
        </Form.Item>
        <Form.Item name="templateId" label="Template">
          <Input id="templateId" />
        </Form.Item>
        <Form.Item name="size" label="Size">
          <Input id="size" />
        </Form.Item>
      </Form>
    );
  }
  render(<Harness />);
  return ref;
}

describe('showFieldErrors', () => {
  it("shows each field's message and focuses the first in the form's order, not the answer's", async () => {
    const form = renderForm();
    act(() => showFieldErrors(form.current, { size: 'too big', name: ['taken', 'too long'] }));
    expect(await screen.findByText('too big')).toBeTruthy();
    expect(screen.getByText('taken, too long')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('name'));
  });

  it('puts a message the server names for another control under the visible one', async () => {
    const form = renderForm();
    act(() =>
      showFieldErrors(form.current, { content: 'give a text or a template' }, (name) =>
        name === 'content' ? 'templateId' : name,
      ),
    );
    expect(await screen.findByText('give a text or a template')).toBeTruthy();
    expect(form.current.getFieldError('templateId')).toEqual(['give a text or a template']);
    await waitFor(() => expect(document.activeElement?.id).toBe('templateId'));
  });

  it('leaves the form alone without errors', () => {
    const form = renderForm();
    act(() => showFieldErrors(form.current, undefined));
    expect(form.current.getFieldsError().every((f) => f.errors.length === 0)).toBe(true);
  });
});
