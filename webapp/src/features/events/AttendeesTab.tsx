import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type {
  Attendee,
  AttendeeOverview,
  AttendeeQuery,
  ScanFilter,
  SectionSeats,
} from '../../api/generated/events';
import { DATE_TIME_PATTERN } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { DateTime } from '../../shared/ui/DateTime';
import { Money } from '../../shared/ui/Money';
import { PAGE_SIZE_OPTIONS, Pager } from '../../shared/ui/Pager';
import { SearchInput } from '../../shared/ui/SearchInput';
import { Section } from '../../shared/ui/Section';
import { StatusFilter } from '../../shared/ui/StatusFilter';
import { useToast } from '../../shared/ui/Toast';
import { useGetAttendeeOverviewQuery, useScanTicketMutation } from '../../shared/events/eventsApi';
import { eventPath } from '../../shared/events/paths';
import { placeOf } from '../../shared/events/ticketPlace';
import { RecordHistoryButton } from '../../shared/history/RecordHistoryButton';
import {
  attendeesFileName,
  useExportAttendeesMutation,
  useGetAttendeeCompaniesQuery,
  useGetAttendeesQuery,
} from './eventEditorApi';
import { TicketScanner } from './TicketScanner';
import { TicketHistory } from './TicketHistory';
import './attendees.css';

/** Spec 1 §9: 10 rows a page. */
const PAGE_SIZE = 10;
/** The company filter's 'Alle virksomheder'. */
const ALL_COMPANIES = 'all';

/** A small card of one figure, named by its heading. */
function FigureTile({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card className="tb-card tb-tile">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-tile-title">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** Each section's taken and available seats (a seated event). */
function SectionSeatsTable({ sections }: { sections: SectionSeats[] }) {
  const { t } = useTranslation();
  return (
    <table className="tb-attendee-sections" aria-label={t('events.attendees.overview.sections')}>
      <thead>
        <tr>
          <th scope="col">{t('events.attendees.overview.section')}</th>
          <th scope="col">{t('events.attendees.overview.bookedSeats')}</th>
          <th scope="col">{t('events.attendees.overview.availableSeats')}</th>
        </tr>
      </thead>
      <tbody>
        {sections.map((section) => (
          <tr key={section.section}>
            <th scope="row">{section.section}</th>
            <td>{section.bookedSeats}</td>
            <td>{section.availableSeats}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Solgte billetter' (online and at the desk), 'Tilmeldte' of the maximum, 'Scannet'. */
function FigureTiles({ overview }: { overview: AttendeeOverview }) {
  const { t } = useTranslation();
  const { bookedTickets, totalTickets, scanned } = overview;
  return (
    <div className="tb-attendee-figures">
      <FigureTile title={t('events.attendees.overview.ticketsSold')}>
        <p className="tb-tile-value">
          <Money value={overview.ticketsSold} ore />
        </p>
        <p className="tb-figure-note">
          {overview.pricesWithVat
            ? t('events.attendees.overview.withVat')
            : t('events.attendees.overview.withoutVat')}
        </p>
        <dl className="tb-facts tb-figure-split">
          <dt>{t('events.attendees.overview.online')}</dt>
          <dd>
            <Money value={overview.onlineTicketsSold} ore />
          </dd>
          <dt>{t('events.attendees.overview.pos')}</dt>
          <dd>
            <Money value={overview.posTicketsSold} ore />
          </dd>
        </dl>
      </FigureTile>
      <FigureTile title={t('events.attendees.overview.booked')}>
        <p className="tb-tile-value">
          {totalTickets === null
            ? bookedTickets
            : t('events.attendees.overview.countOf', { count: bookedTickets, total: totalTickets })}
        </p>
      </FigureTile>
      <FigureTile title={t('events.attendees.overview.scanned')}>
        <p className="tb-tile-value">
          {t('events.attendees.overview.countOf', { count: scanned, total: bookedTickets })}
        </p>
      </FigureTile>
    </div>
  );
}

/** The figures, read afresh when the tab opens (tickets sell and are scanned meanwhile). */
function AttendeeFigures({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const query = useGetAttendeeOverviewQuery(eventId, { refetchOnMountOrArgChange: true });
  const overview = query.data;
  return (
    <>
      {query.isError && (
        <Alert severity="error">
          {apiErrorMessage(query.error) ?? t('events.attendees.overview.loadFailed')}
        </Alert>
      )}
      {overview && <FigureTiles overview={overview} />}
      {overview && overview.sections.length > 0 && (
        <Section title={t('events.attendees.overview.sections')}>
          <SectionSeatsTable sections={overview.sections} />
        </Section>
      )}
    </>
  );
}

/** 'Scan' of an unscanned row: scans the ticket by its number; a refusal says why (spec 2 §8). */
function RowScanButton({ eventId, attendee }: { eventId: string; attendee: Attendee }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [scanTicket, { isLoading }] = useScanTicketMutation();
  const scan = async () => {
    try {
      const outcome = await scanTicket({ eventId, ticketId: String(attendee.number) }).unwrap();
      if (outcome.confirmed) {
        toast.success(t('events.attendees.scanned', { number: outcome.ticket.number }));
      } else {
        toast.error(outcome.reason);
      }
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.attendees.scanner.failed'));
    }
  };
  return (
    <Button
      type="button"
      text
      size="small"
      icon="pi pi-qrcode"
      label={t('events.attendees.scan')}
      aria-label={t('events.attendees.scanLabel', { number: attendee.number })}
      loading={isLoading}
      onClick={() => void scan()}
    />
  );
}

/** A check mark with when it was scanned, or '–'. */
function ScannedCell({ attendee }: { attendee: Attendee }) {
  const { t } = useTranslation();
  if (!attendee.scanned) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="tb-visually-hidden">{t('events.attendees.notScanned')}</span>
      </>
    );
  }
  return (
    <span className="tb-scanned">
      <i className="pi pi-check" aria-hidden="true" />
      {attendee.scannedAt ? (
        <DateTime value={attendee.scannedAt} pattern={DATE_TIME_PATTERN} />
      ) : (
        t('common.yes')
      )}
    </span>
  );
}

/** The filter the list and its export share. */
type AttendeeFilter = Pick<AttendeeQuery, 'search' | 'company' | 'status'>;

/**
 * The attendee list: search, company and 'Status' (Alle, Scannet, Ikke scannet), 'Eksporter' of
 * what the filter finds, and the server-paged table with 'Scan' on each ticket not yet scanned.
 */
function AttendeeList({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const companyId = useId();
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState<string | null>(null);
  const [status, setStatus] = useState<Exclude<ScanFilter, 'all'> | null>(null);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PAGE_SIZE);
  const filter: AttendeeFilter = { search: search || null, company, status: status ?? 'all' };
  const list = useGetAttendeesQuery(
    { eventId, query: { ...filter, page, perPage } },
    { refetchOnMountOrArgChange: true },
  );
  const companies = useGetAttendeeCompaniesQuery(eventId, { refetchOnMountOrArgChange: true });
  const [exportAttendees, exportState] = useExportAttendeesMutation();

  const exportButton = (
    <Button
      type="button"
      outlined
      icon="pi pi-file-excel"
      label={t('events.attendees.export')}
      loading={exportState.isLoading}
      onClick={async () => {
        try {
          await exportAttendees({
            eventId,
            query: { ...filter, page: null, perPage: null },
            fileName: attendeesFileName(eventTitle),
          }).unwrap();
        } catch (error) {
          toast.error(apiErrorMessage(error) ?? t('events.attendees.exportFailed'));
        }
      }}
    />
  );
  const title = t('events.attendees.list');
  return (
    <Section title={title} actions={exportButton}>
      <div className="tb-filters">
        <SearchInput
          label={t('table.search')}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <div className="tb-filter">
          <label htmlFor={companyId}>{t('events.attendees.filters.company')}</label>
          <Dropdown
            inputId={companyId}
            value={company ?? ALL_COMPANIES}
            options={[
              { label: t('events.attendees.filters.allCompanies'), value: ALL_COMPANIES },
              ...(companies.data ?? []).map((each) => ({ label: each.name, value: each.id })),
            ]}
            optionLabel="label"
            optionValue="value"
            filter
            emptyFilterMessage={t('common.noOptions')}
            onChange={(event) => {
              const chosen = event.value as string | null;
              setCompany(chosen && chosen !== ALL_COMPANIES ? chosen : null);
              setPage(1);
            }}
          />
        </div>
        <StatusFilter
          value={status}
          onChange={(chosen) => {
            setStatus(chosen);
            setPage(1);
          }}
          options={[
            { label: t('events.attendees.filters.scanned'), value: 'scanned' },
            { label: t('events.attendees.filters.notScanned'), value: 'notScanned' },
          ]}
        />
      </div>
      {(list.isError || companies.isError) && (
        <Alert severity="error">
          {apiErrorMessage(list.error ?? companies.error) ?? t('events.attendees.loadFailed')}
        </Alert>
      )}
      <div className="tb-table">
        <DataTable
          value={list.data?.Result ?? []}
          lazy
          dataKey="id"
          loading={list.isFetching}
          emptyMessage={t('events.attendees.empty')}
          pt={{ table: { 'aria-label': title } }}
        >
          <Column field="number" header={t('events.attendees.columns.number')} />
          <Column field="name" header={t('events.attendees.columns.name')} />
          <Column field="company" header={t('events.attendees.columns.company')} />
          <Column field="product" header={t('events.attendees.columns.product')} />
          <Column
            header={t('events.attendees.columns.place')}
            body={(attendee: Attendee) => placeOf(attendee, t)}
          />
          <Column
            header={t('events.attendees.columns.options')}
            body={(attendee: Attendee) => attendee.options.join(', ')}
          />
          <Column
            header={t('events.attendees.columns.scanned')}
            body={(attendee: Attendee) => <ScannedCell attendee={attendee} />}
          />
          <Column
            header={t('table.actions')}
            body={(attendee: Attendee) => (
              <span className="tb-row-actions">
                {!attendee.scanned && <RowScanButton eventId={eventId} attendee={attendee} />}
                <RecordHistoryButton
                  label={t('events.attendees.history.button', { number: attendee.number })}
                  heading={t('events.attendees.history.heading', { number: attendee.number })}
                >
                  {() => <TicketHistory ticketId={attendee.id} />}
                </RecordHistoryButton>
              </span>
            )}
          />
        </DataTable>
        <Pager
          page={page}
          perPage={perPage}
          total={list.data?.Total ?? 0}
          onPageChange={setPage}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          onPerPageChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
        />
      </div>
    </Section>
  );
}

interface AttendeesTabProps {
  eventId: string;
  /** Names the export: 'Tilmeldte - {title}.xlsx'. */
  eventTitle: string;
}

/**
 * Tilmeldte (tab 60) of a saved event (spec 2 §2 "Attendees tab", "Scanning"): the figures, the
 * door's scan box with 'Scan-tilstand' (the camera's full-screen scan mode), and the attendee
 * list with its filters, export and scanning from the list. A scan, from the box or a row, reads
 * the list and the figures again.
 */
export function AttendeesTab({ eventId, eventTitle }: AttendeesTabProps) {
  const { t } = useTranslation();
  return (
    <div className="tb-stack">
      <AttendeeFigures eventId={eventId} />
      <Section
        title={t('events.attendees.scanner.title')}
        actions={
          // The door's scan mode (issue 18): the whole screen, reading QR codes with the camera.
          <Link
            to={`${eventPath(eventId)}/door`}
            className="p-button p-component p-button-outlined"
          >
            <i className="pi pi-qrcode" aria-hidden="true" />
            <span>{t('door.open')}</span>
          </Link>
        }
      >
        <TicketScanner eventId={eventId} />
      </Section>
      <AttendeeList eventId={eventId} eventTitle={eventTitle} />
    </div>
  );
}
