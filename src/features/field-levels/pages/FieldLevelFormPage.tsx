/**
 * /field-levels/new and /field-levels/:id (spec sections 2 and 4): creates or edits a field
 * level; a failed load redirects to the list, and so does a successful save.
 */
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useEntityForm } from '@/shared/forms/useEntityForm';
import { FieldLevelForm } from '../components/FieldLevelForm';
import { fieldLevels } from '../fieldLevelsSlice';
import { emptyFieldLevel, fieldLevelToForm } from '../validation';

export default function FieldLevelFormPage() {
  const { id } = useParams();
  const form = useEntityForm(fieldLevels, id, '/field-levels');

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id={id ? 'FieldLevels.editTitle' : 'FieldLevels.newTitle'} />
          </h1>
        </header>
        <div className="card-content">
          {form.loadingRecord || (id && !form.record) ? (
            <p role="status">
              <FormattedMessage id="Common.loading" />
            </p>
          ) : (
            <FieldLevelForm
              initial={form.record ? fieldLevelToForm(form.record) : emptyFieldLevel}
              submitting={form.submitting}
              onSubmit={(input) =>
                void (id
                  ? form.modify({ id, changes: input })
                  : form.create({ ...input, createdAt: Date.now() }))
              }
            />
          )}
        </div>
      </div>
    </section>
  );
}
