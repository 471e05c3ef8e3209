import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NewsletterListRow } from '../../api/generated/newsletters';
import type { ListSort } from '../../api/listTypes';
import { DateTime } from '../../shared/ui/DateTime';
import { ListPage } from '../../shared/ui/ListPage';
import {
  NEWSLETTER_TAG,
  NEWSLETTERS_ENDPOINT,
  useDeleteNewsletterMutation,
} from './newslettersApi';
import { NEWSLETTERS_PATH, newsletterPath } from './paths';

/** Spec 2 §9: by title. */
const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/**
 * /marketing/newsletters (spec 2 §2 "Newsletters list"): the newsletters by title, 10 a page, with
 * search; Navn (a link to the editor), Titel, Emne, Dato; each row 'Rediger' and 'Slet' ('Er du
 * sikker på at du vil slette dette nyhedsbrev?'); 'Opret nyhedsbrev'.
 */
export function NewslettersPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteNewsletterMutation();
  const column = (field: string) => t(`marketing.newsletters.columns.${field}`);
  return (
    <ListPage<NewsletterListRow>
      title={t('marketing.newsletters.title')}
      createLabel={t('marketing.newsletters.create')}
      basePath={NEWSLETTERS_PATH}
      endpoint={NEWSLETTERS_ENDPOINT}
      tag={NEWSLETTER_TAG}
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Name}
      deleteMessage={t('marketing.newsletters.confirmDelete')}
      deletedMessage={t('marketing.newsletters.deleted')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        {
          field: 'Name',
          header: column('name'),
          sortable: true,
          body: (row) => <Link to={newsletterPath(row.Id)}>{row.Name}</Link>,
        },
        { field: 'Title', header: column('title'), sortable: true },
        { field: 'Subject', header: column('subject'), sortable: true },
        {
          field: 'CreateDate',
          header: column('date'),
          sortable: true,
          body: (row) => <DateTime value={row.CreateDate} />,
        },
      ]}
    />
  );
}
