import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { errorProps } from './fieldErrors';
import { FormField } from './FormField';

export interface FileFieldProps {
  id: string;
  label: ReactNode;
  /** The `accept` attribute, e.g. 'image/*'. */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Upload progress 0..100 while uploading, else null. */
  progress: number | null;
  /** The progress bar's accessible name; default 'Upload progress of {file}'. */
  progressLabel?: ReactNode;
  /** A hint under the control (e.g. accepted types and size). */
  help?: ReactNode;
  /** Translated error text (e.g. wrong type). */
  error?: string | null;
}

/**
 * A file picker in a FormField (label, hint, error), with the chosen file's name and, while it
 * uploads, its progress as a labelled <progress> element.
 */
export function FileField({
  id,
  label,
  accept,
  file,
  onChange,
  progress,
  progressLabel,
  help,
  error,
}: FileFieldProps) {
  const intl = useIntl();
  return (
    <FormField id={id} label={label} error={error} help={help}>
      <input
        id={id}
        type="file"
        className="input"
        accept={accept}
        {...errorProps(id, error, Boolean(help))}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {file && <p className="help">{file.name}</p>}
      {progress !== null && (
        <div className="mt-2">
          <label className="is-size-7" htmlFor={`${id}-progress`}>
            {progressLabel ??
              intl.formatMessage({ id: 'People.uploadProgress' }, { file: file?.name ?? '' })}
          </label>
          <progress
            id={`${id}-progress`}
            className="progress is-small is-primary"
            max={100}
            value={Math.round(progress)}
          >
            {Math.round(progress)}%
          </progress>
        </div>
      )}
    </FormField>
  );
}
