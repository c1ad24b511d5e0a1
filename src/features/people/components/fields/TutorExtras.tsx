import { FormattedMessage } from 'react-intl';
import { FileField } from '@/shared/forms/FileField';
import { InputField } from '@/shared/forms/InputField';
import { Switch } from '@/shared/forms/Switch';
import { CV_ACCEPT } from '../../files';
import { YesNoField } from './ChoiceFields';
import type { Tutor } from '@/features/people/tutors/types';
import type { ExtrasProps } from './personForm';

/**
 * Tutor extras (spec section 3): active status, teaching since (a 4-digit year), MOE teacher,
 * minimum hours per week, tech in home, video URL, and the CV (images, doc, docx, pdf).
 */
export function TutorExtras({ form, idOf, person, progressOf }: ExtrasProps<Tutor>) {
  const cvUrl = person?.cvUrl;
  const status = form.bind('status');
  const cv = form.bind('cv');
  return (
    <>
      <div className="field">
        <Switch
          id={idOf('status')}
          label={<FormattedMessage id="Tutors.status" />}
          checked={status.value}
          onChange={status.onChange}
        />
      </div>
      <h2 className="title is-6">
        <FormattedMessage id="Tutors.extras" />
      </h2>
      <div className="columns is-multiline">
        <div className="column is-half">
          <InputField
            id={idOf('teachingSince')}
            label={<FormattedMessage id="Tutors.teachingSince" />}
            inputMode="numeric"
            {...form.bind('teachingSince')}
          />
          <YesNoField id={idOf('isMoe')} label="Tutors.isMoe" {...form.bind('isMoe')} />
          <InputField
            id={idOf('tutorMinDuration')}
            label={<FormattedMessage id="Tutors.minDuration" />}
            inputMode="decimal"
            {...form.bind('tutorMinDuration')}
          />
        </div>
        <div className="column is-half">
          <YesNoField
            id={idOf('tutorTechInHome')}
            label="Tutors.techInHome"
            {...form.bind('tutorTechInHome')}
          />
          <InputField
            id={idOf('tutorVideoUrl')}
            label={<FormattedMessage id="Tutors.videoUrl" />}
            type="url"
            {...form.bind('tutorVideoUrl')}
          />
          <FileField
            id={idOf('cv')}
            label={<FormattedMessage id="Tutors.cv" />}
            accept={CV_ACCEPT}
            file={cv.value}
            onChange={cv.onChange}
            progress={progressOf('cv')}
            error={cv.error}
          />
          {cvUrl && (
            <a href={cvUrl} target="_blank" rel="noreferrer">
              <FormattedMessage id="Tutors.viewCv" />
            </a>
          )}
        </div>
      </div>
    </>
  );
}
