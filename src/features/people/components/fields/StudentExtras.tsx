import { FormattedMessage } from 'react-intl';
import { DateField } from '@/shared/forms/DateField';
import { InputField } from '@/shared/forms/InputField';
import { GenderField, YesNoField } from './ChoiceFields';
import type { Student } from '@/features/people/students/types';
import type { ExtrasProps } from './personForm';

/** Student extras (spec section 3): whether a parent registers, and the child's own details. */
export function StudentExtras({ form, idOf }: ExtrasProps<Student>) {
  return (
    <>
      <h2 className="title is-6">
        <FormattedMessage id="Students.extras" />
      </h2>
      <div className="columns is-multiline">
        <div className="column is-half">
          <YesNoField id={idOf('isParent')} label="Students.isParent" {...form.bind('isParent')} />
          <InputField
            id={idOf('studentName')}
            label={<FormattedMessage id="Students.studentName" />}
            {...form.bind('studentName')}
          />
          <InputField
            id={idOf('studentMobile')}
            label={<FormattedMessage id="Students.studentMobile" />}
            type="tel"
            {...form.bind('studentMobile')}
          />
        </div>
        <div className="column is-half">
          <InputField
            id={idOf('studentEmail')}
            label={<FormattedMessage id="Students.studentEmail" />}
            type="email"
            {...form.bind('studentEmail')}
          />
          <DateField
            id={idOf('studentDob')}
            label={<FormattedMessage id="Students.studentDob" />}
            {...form.bind('studentDob')}
          />
          <GenderField
            id={idOf('studentGender')}
            label="Students.studentGender"
            {...form.bind('studentGender')}
          />
        </div>
      </div>
    </>
  );
}
