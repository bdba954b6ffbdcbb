import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldError, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { findMessage } from '@store/contract/locales';
import { ApiError } from './api-client.ts';
import { i18n, t } from './i18n.ts';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A field's error as the customer reads it. The contract's schemas say it in English: it is shown in
 * the chosen language (translated when shown, so a language switch changes errors already on screen;
 * "Ensure this value is less than or equal to 250,000." finds its catalog entry with its value). A
 * message the catalog does not know, and the server's (type 'server', already in the language the API
 * client asked for), are shown as they came.
 */
export function fieldMessage(error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined {
  const message = error?.message;
  if (typeof message !== 'string' || !message) return undefined;
  if (error!.type === 'server' || i18n.locale === 'en') return message;
  const known = findMessage(message);
  return known ? t(known.id, known.values) : message;
}

/**
 * A form checked by the contract's zod schema, the same one the server validates the request with
 * (one schema per contract): the browser says what the server would, before a round trip on costly data.
 */
export function useSchemaForm<S extends AnySchema>(schema: S, defaultValues?: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's output shape
type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, any>;

/** The props that tie a MUI TextField to a form field: the input itself, and its first error under it. */
export function fieldProps<T extends FieldValues>(form: AnyForm<T>, name: Path<T>, hint: string = ' ') {
  const { ref, ...rest } = form.register(name);
  const message = fieldMessage(form.formState.errors[name] as FieldError | undefined);
  return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint };
}

/**
 * Puts the server's field errors (`{"field": ["message"]}`, CONTRACT §3) under their fields, renaming
 * where the request's names differ from the form's. Answers whether the error was about fields.
 */
export function showServerErrors<T extends FieldValues>(form: AnyForm<T>, err: unknown, rename: Record<string, Path<T>> = {}): boolean {
  if (!(err instanceof ApiError)) return false;
  const fields = Object.entries(err.fieldErrors);
  for (const [name, messages] of fields) form.setError(rename[name] ?? (name as Path<T>), { type: 'server', message: messages[0] ?? '' });
  return fields.length > 0;
}
