import { useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SEPARATORS, WithContext as ReactTags, type Tag } from 'react-tag-input';
import './TagsField.css';

/** Keys that add a tag: comma (spec section 9, key code 188) and Enter. */
const SEPARATOR_KEYS = [SEPARATORS.COMMA, SEPARATORS.ENTER];

export interface TagsFieldProps {
  id: string;
  label: ReactNode;
  value: string[];
  onChange: (value: string[]) => void;
}

/** What react-tag-input gives its remove control (its own English label is replaced). */
interface RemoveTagProps {
  onRemove: (event: MouseEvent<HTMLButtonElement> | KeyboardEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  className?: string;
  tag: Tag;
}

/** The remove button of a tag, labelled 'Remove {tag}' in the interface language. */
function RemoveTag({ onRemove, onKeyDown, className, tag }: RemoveTagProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={className}
      onClick={onRemove}
      onKeyDown={onKeyDown}
      aria-label={intl.formatMessage({ id: 'Common.removeTag' }, { tag: tag.text })}
    >
      ×
    </button>
  );
}

/** A tag input over a string[] (info1..info3), comma-delimited (spec section 9). */
export function TagsField({ id, label, value, onChange }: TagsFieldProps) {
  const intl = useIntl();
  const tags = useMemo<Tag[]>(
    () => value.map((text, i) => ({ id: `${i}-${text}`, text, className: '' })),
    [value],
  );
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <ReactTags
          id={id}
          tags={tags}
          separators={SEPARATOR_KEYS}
          // The library focuses every instance on mount: the form would open scrolled to the last.
          autoFocus={false}
          inputFieldPosition="inline"
          allowDragDrop={false}
          placeholder={intl.formatMessage({ id: 'People.addTag' })}
          classNames={{
            tagInputField: 'input is-small',
            tag: 'tag is-info is-light mr-1 mb-1',
            remove: 'tags-field-remove',
          }}
          handleAddition={(tag) => {
            const text = (tag.text ?? '').trim();
            if (text && !value.includes(text)) onChange([...value, text]);
          }}
          handleDelete={(i) => onChange(value.filter((_, j) => j !== i))}
          removeComponent={RemoveTag}
        />
      </div>
    </div>
  );
}
