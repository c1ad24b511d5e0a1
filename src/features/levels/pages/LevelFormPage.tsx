/**
 * /browsing-levels/new and /browsing-levels/:id (spec sections 2 and 4): creates or edits a browsing
 * level; a failed load redirects to the list, and so does a successful save.
 */
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useEntityForm } from '@/shared/forms/useEntityForm';
import { LevelForm } from '../components/LevelForm';
import { levels } from '../levelsSlice';
import { emptyLevel, levelToForm } from '../validation';

export default function LevelFormPage() {
  const { id } = useParams();
  const form = useEntityForm(levels, id, '/browsing-levels');

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id={id ? 'Levels.editTitle' : 'Levels.newTitle'} />
          </h1>
        </header>
        <div className="card-content">
          {form.loadingRecord || (id && !form.record) ? (
            <p role="status">
              <FormattedMessage id="Common.loading" />
            </p>
          ) : (
            <LevelForm
              initial={form.record ? levelToForm(form.record) : emptyLevel}
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
