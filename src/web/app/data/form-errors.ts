import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-client';

/**
 * Shows a server error on a react-hook-form form: per field when the server named fields that exist
 * in the form, otherwise (or additionally) as the form's root error.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldNames: readonly string[],
) {
  const fields = isApiError(error) ? (error.fields ?? {}) : {};
  let shown = false;
  for (const [name, message] of Object.entries(fields)) {
    if (!fieldNames.includes(name)) continue;
    setError(name as Path<T>, { type: 'server', message });
    shown = true;
  }
  if (!shown) setError('root.server', { type: 'server', message: errorMessage(error) });
}
