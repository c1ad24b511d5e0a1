import { DocumentTitle } from '@/shared/DocumentTitle';
import { FormattedMessage } from 'react-intl';

/** /section: the placeholder page of spec 2 ("content not shown"; sample content, spec 1). */
export default function SectionPage() {
  return (
    <>
      <DocumentTitle title="Section.title" />
      <h1 className="title">
        <FormattedMessage id="Section.title" />
      </h1>
      <p>
        <FormattedMessage id="Section.text" />
      </p>
    </>
  );
}
