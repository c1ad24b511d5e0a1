/**
 * /field-schools/new and /field-schools/:id (spec sections 2 and 4): creates or edits a school; a failed load redirects to the list, and so does a successful save.
 */
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useEntityForm } from '@/shared/forms/useEntityForm';
import { SchoolForm } from '../components/SchoolForm';
import { schools } from '../schoolsSlice';
import { emptySchool, schoolToForm } from '../validation';

export default function SchoolFormPage() {
  const { id } = useParams();
  const form = useEntityForm(schools, id, '/field-schools');

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id={id ? 'Schools.editTitle' : 'Schools.newTitle'} />
          </h1>
        </header>
        <div className="card-content">
          {form.loadingRecord || (id && !form.record) ? (
            <p role="status">
              <FormattedMessage id="Common.loading" />
            </p>
          ) : (
            <SchoolForm
              initial={form.record ? schoolToForm(form.record) : emptySchool}
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
