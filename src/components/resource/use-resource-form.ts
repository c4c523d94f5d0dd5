import { useCreate, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors, validateRevealing } from '../reveal-first-error';
import { toastSaved } from './saved-toast';
import {
  formControlOf,
  SECRET_MASK,
  writableFields,
  type FieldDef,
  type ResourceDef,
} from '../../../contract/resource';

export type FormMode = 'create' | 'edit';
type Values = Record<string, unknown>;
/** antd types form values as `{}`-valued records; ours are plain JSON values. */
type AntdValues = Record<string, object | string | number | boolean | undefined>;

export function formFields(
  def: ResourceDef,
  mode: FormMode,
  preset: Readonly<Record<string, unknown>> = {},
): FieldDef[] {
  return writableFields(def, mode === 'edit' ? 'update' : 'create').filter(
    (f) => formControlOf(f) !== 'none' && !(f.name in preset),
  );
}

/** A JSON value as the editor shows it: indented text. */
function jsonText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return JSON.stringify(value, null, 2);
}

function initialValues(fields: FieldDef[], mode: FormMode, record?: BaseRecord): Values {
  const out: Values = {};
  for (const f of fields) {
    const v: unknown = mode === 'edit' ? record?.[f.name] : (f.default ?? undefined);
    // A secret's input starts empty: the record holds only the mask, which is never sent back.
    if (f.type === 'secret') out[f.name] = undefined;
    else if (f.type === 'json') out[f.name] = jsonText(v);
    else out[f.name] = v;
  }
  return out;
}

/** Names of the secret fields the edited row has set (answered as SECRET_MASK). */
export function secretsSetOf(fields: FieldDef[], record?: BaseRecord): ReadonlySet<string> {
  return new Set(
    fields
      .filter((f) => f.type === 'secret' && record?.[f.name] === SECRET_MASK)
      .map((f) => f.name),
  );
}

/**
 * Empty inputs of nullable fields mean null; untouched optional ones are left out. A secret left
 * empty is left out (the stored one stays), null clears it, anything else is sent as typed. JSON
 * text is sent as the value it spells (the form's rules checked it parses).
 */
export function cleanValues(fields: FieldDef[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.type === 'secret') {
      if (v === null) out[f.name] = null;
      else if (typeof v === 'string' && v !== '' && v !== SECRET_MASK) out[f.name] = v;
      continue;
    }
    if (f.type === 'json' && typeof v === 'string' && v.trim() !== '') {
      out[f.name] = JSON.parse(v) as unknown;
      continue;
    }
    // Blank JSON text (only spaces) is as empty as no text.
    if (v === undefined || v === '' || (f.type === 'json' && typeof v === 'string')) {
      if (f.nullable) out[f.name] = null;
      continue;
    }
    out[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

export interface UseResourceFormOptions {
  def: ResourceDef;
  mode: FormMode;
  record?: BaseRecord;
  /** Values fixed by the page (not shown, always sent on create). */
  preset?: Readonly<Record<string, string | number>>;
  /** The row scope a create goes into (the server fixes its values and checks them). */
  scope?: string;
  /** Fills the form when this turns true (a modal opening); pages pass true. */
  active: boolean;
  onSaved?(record: BaseRecord): void;
}

/** Create/edit one record of a resource: validation, presets, version, server field errors. */
export function useResourceForm({
  def,
  mode,
  record,
  preset,
  scope,
  active,
  onSaved,
}: UseResourceFormOptions) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AntdValues>();
  const fields = formFields(def, mode, preset);
  const { mutate: create, mutation: createState } = useCreate<BaseRecord, HttpError, Values>();
  const { mutate: update, mutation: updateState } = useUpdate<BaseRecord, HttpError, Values>();

  // Given to <Form initialValues>: a form mounts with them (modals remount on every open),
  // which also works before the form instance is connected, unlike setFieldsValue.
  const initial = useMemo(
    () => initialValues(formFields(def, mode, preset), mode, record) as AntdValues,
    [def, mode, preset, record],
  );
  // Reset when the values to start from change, not when the objects behind them are rebuilt
  // (a declaration reload, a refetch answering the same record): that would wipe what the
  // operator has typed into an open dialog.
  const initialKey = useMemo(() => JSON.stringify(initial), [initial]);
  useEffect(() => {
    if (active) form.resetFields();
  }, [active, form, initialKey]);

  const showServerErrors = (err: HttpError) => showFieldErrors(form, err.errors);

  const submit = async () => {
    const values = cleanValues(fields, (await validateRevealing(form)) as Values);
    const done = {
      onSuccess: ({ data }: { data: BaseRecord }) => {
        toastSaved(t);
        onSaved?.(data);
      },
      onError: showServerErrors,
    };
    if (mode === 'create') {
      create(
        {
          resource: def.name,
          values: { ...values, ...preset, ...(scope ? { scope } : {}) },
          successNotification: false,
        },
        done,
      );
    } else if (record?.id !== undefined) {
      update(
        {
          resource: def.name,
          id: record.id,
          values: { ...values, version: record.version },
          successNotification: false,
        },
        done,
      );
    }
  };

  const secretsSet = secretsSetOf(fields, record);

  return {
    form,
    fields,
    initial,
    secretsSet,
    submit,
    saving: createState.isPending || updateState.isPending,
  };
}
