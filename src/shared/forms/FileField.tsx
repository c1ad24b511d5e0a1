import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { errorProps } from './fieldErrors';

export interface FileFieldProps {
  id: string;
  label: ReactNode;
  /** The `accept` attribute, e.g. 'image/*'. */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Upload progress 0..100 while uploading, else null. */
  progress: number | null;
  /** Translated error text (e.g. wrong type). */
  error?: string | null;
}

/** A file picker with its upload progress as a labelled <progress> element. */
export function FileField({ id, label, accept, file, onChange, progress, error }: FileFieldProps) {
  const intl = useIntl();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <input
          id={id}
          type="file"
          className="input"
          accept={accept}
          {...errorProps(id, error)}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </div>
      {file && <p className="help">{file.name}</p>}
      {error && (
        <p className="help is-danger" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
      {progress !== null && (
        <progress
          className="progress is-small is-primary mt-2"
          max={100}
          value={Math.round(progress)}
          aria-label={intl.formatMessage(
            { id: 'People.uploadProgress' },
            { file: file?.name ?? '' },
          )}
        >
          {Math.round(progress)}%
        </progress>
      )}
    </div>
  );
}
