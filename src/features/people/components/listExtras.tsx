import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { FormattedMessage, type IntlShape } from 'react-intl';
import type { Tutor } from '../tutors/types';

const tutorColumn = createColumnHelper<Tutor>();

/** The tutors list's Status column (spec section 5): Active / Inactive, 'active' in the CSV. */
export function tutorListColumns(intl: IntlShape): ColumnDef<Tutor, unknown>[] {
  return [
    tutorColumn.accessor('status', {
      header: intl.formatMessage({ id: 'Tutors.status' }),
      cell: ({ getValue }) => (
        <FormattedMessage id={getValue() ? 'Tutors.active' : 'Tutors.inactive'} />
      ),
      meta: { csv: (row) => (row.status ? 'active' : 'inactive') },
    }) as ColumnDef<Tutor, unknown>,
  ];
}
