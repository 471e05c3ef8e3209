import { Formik } from 'formik';
import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { EventTable, TableGuest, TableInput } from '../../api/generated/events';
import { Alert } from '../../shared/ui/Alert';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { Form } from '../../shared/ui/Form';
import { CheckboxField, TextAreaField, TextField } from '../../shared/ui/FormFields';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Pager } from '../../shared/ui/Pager';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { yup } from '../../shared/validation';
import {
  TABLE_PLAN_DOWNLOADS,
  tablePlanDownloadUrl,
  useAutoSeatTablesMutation,
  useDeleteTableMutation,
  useGetTablesQuery,
  useGetUnplacedGuestsQuery,
  useSaveTableMutation,
} from './tablePlansApi';
import './tables.css';
import { RemoveButton } from '../../shared/ui/RemoveButton';

/** The unplaced guests a page: the server's default, enough for a whole event's companies. */
const UNPLACED_PAGE_SIZE = 500;
/** Spec 2 §5 "Table", as the server checks it. */
const MAX_TITLE = 200;
const MIN_SEATS = 1;
const MAX_SEATS = 1000;

/** The table dialog's fields; the seat count stays text for the numeric rule. */
interface TableFormValues {
  title: string;
  description: string;
  seats: string;
  autoPlace: boolean;
}

function tableFormValues(table: EventTable | null): TableFormValues {
  return {
    title: table?.title ?? '',
    description: table?.description ?? '',
    seats: table ? String(table.seats) : '',
    autoPlace: table?.autoPlace ?? false,
  };
}

/** Spec 2 §5 "Table": a title, and a whole number of seats from 1 to 1000. */
function tableSchema(t: TFunction) {
  const label = (field: string) => t(`events.tables.fields.${field}`);
  const inRange = (value: string | undefined) =>
    !value || !/^\d+$/.test(value) || (Number(value) >= MIN_SEATS && Number(value) <= MAX_SEATS);
  return yup.object({
    title: yup.string().label(label('title')).trim().required().max(MAX_TITLE),
    seats: yup
      .string()
      .label(label('seats'))
      .trim()
      .required()
      .numeric()
      .test(
        'seats-range',
        t('events.tables.validation.seatsRange', {
          field: label('seats'),
          min: MIN_SEATS,
          max: MAX_SEATS,
        }),
        inRange,
      ),
  });
}

/** The dialog's table; its seating is left as it is (`null`). */
function tableInputOf(table: EventTable | null, values: TableFormValues): TableInput {
  return {
    id: table?.id ?? null,
    title: values.title.trim(),
    description: values.description.trim() || null,
    seats: Number(values.seats.trim()),
    autoPlace: values.autoPlace,
    seating: null,
  };
}

/** The table as it is, seated with `seating` (the whole list of who sits there). */
function seatedAt(table: EventTable, seating: string[]): TableInput {
  const { id, title, description, seats, autoPlace } = table;
  return { id, title, description, seats, autoPlace, seating };
}

const ticketsAt = (table: EventTable) => table.seating.map((guest) => guest.ticketId);

/** A guest by name, or by ticket number when the ticket names nobody. */
function guestName(guest: TableGuest, t: TFunction): string {
  return guest.name ?? t('events.tables.ticket', { number: guest.number });
}

/** The unplaced guests of one company (or of none), as the server sorted them. */
interface CompanyGroup {
  key: string;
  company: string | null;
  guests: TableGuest[];
}

function byCompany(guests: TableGuest[]): CompanyGroup[] {
  const groups = new Map<string, CompanyGroup>();
  for (const guest of guests) {
    const key = guest.companyId ?? '';
    const group = groups.get(key) ?? { key, company: guest.company, guests: [] };
    group.guests.push(guest);
    groups.set(key, group);
  }
  return [...groups.values()];
}

interface TableChoiceProps {
  /** The hidden label: what choosing a table does. */
  label: string;
  placeholder: string;
  tables: EventTable[];
  /** How many are placed at once: only tables with that many free seats are offered. */
  places: number;
  disabled: boolean;
  onChoose: (table: EventTable) => void;
}

/** 'Vælg bord': the tables with room for `places` more; choosing one places them there. */
function TableChoice({ label, placeholder, tables, places, disabled, onChoose }: TableChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = tables
    .filter((table) => table.free >= places)
    .map((table) => ({
      label: t('events.tables.tableOption', { title: table.title, free: table.free }),
      value: table.id,
    }));
  return (
    <span className="tb-table-choice">
      <label htmlFor={id} className="tb-visually-hidden">
        {label}
      </label>
      <Dropdown
        inputId={id}
        value={null}
        options={options}
        optionLabel="label"
        optionValue="value"
        placeholder={options.length > 0 ? placeholder : t('events.tables.noFreeTable')}
        emptyMessage={t('events.tables.noFreeTable')}
        disabled={disabled || options.length === 0}
        onChange={(event) => {
          const chosen = tables.find((table) => table.id === event.value);
          if (chosen) onChoose(chosen);
        }}
      />
    </span>
  );
}

interface UnplacedGuestsProps {
  groups: CompanyGroup[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  tables: EventTable[];
  busy: boolean;
  place: (table: EventTable, guests: TableGuest[]) => void;
}

/**
 * The guests at no table by company ('Uden virksomhed' last): each is placed at a table with a
 * free seat, and a company of several at once at a table with room for all of them.
 */
function UnplacedGuests({
  groups,
  total,
  page,
  onPageChange,
  tables,
  busy,
  place,
}: UnplacedGuestsProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('events.tables.unplaced.title')}>
      <p className="tb-table-plan-note">
        {total === 0
          ? t('events.tables.unplaced.none')
          : t('events.tables.unplaced.count', { count: total })}
      </p>
      <div className="tb-unplaced">
        {groups.map((group) => (
          <UnplacedCompany
            key={group.key}
            group={group}
            tables={tables}
            busy={busy}
            place={place}
          />
        ))}
      </div>
      {total > UNPLACED_PAGE_SIZE && (
        <Pager page={page} perPage={UNPLACED_PAGE_SIZE} total={total} onPageChange={onPageChange} />
      )}
    </Section>
  );
}

function UnplacedCompany({
  group,
  tables,
  busy,
  place,
}: {
  group: CompanyGroup;
  tables: EventTable[];
  busy: boolean;
  place: (table: EventTable, guests: TableGuest[]) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const company = group.company ?? t('events.tables.unplaced.noCompany');
  return (
    <section className="tb-unplaced-company" aria-labelledby={headingId}>
      <div className="tb-unplaced-heading">
        <h3 id={headingId}>{company}</h3>
        {group.company && group.guests.length > 1 && (
          <TableChoice
            label={t('events.tables.placeCompany', { company })}
            placeholder={t('events.tables.placeAll', { count: group.guests.length })}
            tables={tables}
            places={group.guests.length}
            disabled={busy}
            onChoose={(table) => place(table, group.guests)}
          />
        )}
      </div>
      <ul className="tb-guest-list">
        {group.guests.map((guest) => {
          const name = guestName(guest, t);
          return (
            <li key={guest.ticketId}>
              <span>{name}</span>
              <TableChoice
                label={t('events.tables.placeGuest', { name })}
                placeholder={t('events.tables.chooseTable')}
                tables={tables}
                places={1}
                disabled={busy}
                onChoose={(table) => place(table, [guest])}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface TableCardProps {
  table: EventTable;
  /** The guests at no table, to seat here. */
  unplaced: TableGuest[];
  busy: boolean;
  place: (table: EventTable, guests: TableGuest[]) => void;
  unseat: (table: EventTable, guest: TableGuest) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A table: its title, 'Auto' when 'Placér automatisk' uses it, its description and 'X/Y pladser';
 * its guests, each with 'Fjern'; a guest to seat while seats are free; 'Rediger' and 'Slet'.
 */
function TableCard({ table, unplaced, busy, place, unseat, onEdit, onDelete }: TableCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const guestId = useId();
  const { title } = table;
  return (
    <Card className="tb-card tb-table-card">
      <section aria-labelledby={titleId}>
        <div className="tb-table-card-header">
          <h3 id={titleId}>{title}</h3>
          {table.autoPlace && (
            <Tag severity="info" className="tb-badge" value={t('events.tables.auto')} />
          )}
          <span className="tb-row-actions">
            <Button
              type="button"
              text
              size="small"
              icon="pi pi-pencil"
              aria-label={t('events.tables.editLabel', { title })}
              onClick={onEdit}
            />
            <Button
              type="button"
              text
              size="small"
              severity="danger"
              icon="pi pi-trash"
              aria-label={t('events.tables.deleteLabel', { title })}
              onClick={onDelete}
            />
          </span>
        </div>
        {table.description && <p className="tb-table-plan-note">{table.description}</p>}
        <p className="tb-table-seats">
          {t('events.tables.seatsTaken', { taken: table.seats - table.free, seats: table.seats })}
        </p>
        {table.seating.length === 0 ? (
          <p className="tb-table-plan-note">{t('events.tables.noGuests')}</p>
        ) : (
          <ul className="tb-guest-list" aria-label={t('events.tables.guestsAt', { title })}>
            {table.seating.map((guest) => {
              const name = guestName(guest, t);
              return (
                <li key={guest.ticketId}>
                  <span>
                    {name}
                    {guest.company && <small className="tb-guest-company">{guest.company}</small>}
                  </span>
                  <RemoveButton
                    label={null}
                    aria-label={t('events.tables.removeGuest', { name, title })}
                    disabled={busy}
                    onClick={() => unseat(table, guest)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {table.free > 0 && unplaced.length > 0 && (
          <div className="tb-table-add">
            <label htmlFor={guestId} className="tb-visually-hidden">
              {t('events.tables.addGuestLabel', { title })}
            </label>
            <Dropdown
              inputId={guestId}
              value={null}
              options={unplaced.map((guest) => ({
                label: guest.company
                  ? t('events.tables.guestOption', {
                      name: guestName(guest, t),
                      company: guest.company,
                    })
                  : guestName(guest, t),
                value: guest.ticketId,
              }))}
              optionLabel="label"
              optionValue="value"
              placeholder={t('events.tables.addGuest')}
              filter
              emptyFilterMessage={t('common.noOptions')}
              disabled={busy}
              onChange={(event) => {
                const chosen = unplaced.find((guest) => guest.ticketId === event.value);
                if (chosen) place(table, [chosen]);
              }}
            />
          </div>
        )}
      </section>
    </Card>
  );
}

/** 'Download': Oversigt, Deltagerliste and Bordkort, PDFs opened in a new tab. */
function DownloadMenu({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const menuId = useId();
  const menu = useRef<Menu>(null);
  const items: MenuItem[] = TABLE_PLAN_DOWNLOADS.map((kind) => ({
    label: t(`events.tables.downloads.${kind}`),
    icon: 'pi pi-file-pdf',
    url: tablePlanDownloadUrl(eventId, kind),
    target: '_blank',
  }));
  return (
    <>
      <Menu model={items} popup ref={menu} id={menuId} />
      <Button
        type="button"
        outlined
        icon="pi pi-download"
        label={t('events.tables.download')}
        aria-haspopup="menu"
        aria-controls={menuId}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}

interface TableDialogProps {
  eventId: string;
  /** The table to edit; null creates one. */
  table: EventTable | null;
  onHide: () => void;
}

/**
 * 'Opret bord' / 'Rediger bord': Titel, Beskrivelse, Antal pladser (fixed while guests sit at the
 * table) and 'Placér automatisk'. The server's refusals show on their fields.
 */
function TableDialog({ eventId, table, onHide }: TableDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [saveTable] = useSaveTableMutation();
  const schema = useMemo(() => tableSchema(t), [t]);
  const initialValues = useMemo(() => tableFormValues(table), [table]);
  const seated = (table?.seating.length ?? 0) > 0;
  const header = table
    ? t('events.tables.dialog.editTitle')
    : t('events.tables.dialog.createTitle');
  const label = (field: string) => t(`events.tables.fields.${field}`);
  return (
    <Dialog
      header={header}
      visible
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '90vw' }}
    >
      {/* The dialog sits inside the event form in React's tree: its submit must not reach it. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <Formik<TableFormValues>
          initialValues={initialValues}
          validationSchema={schema}
          onSubmit={async (values, { setErrors }) => {
            try {
              await saveTable({ eventId, table: tableInputOf(table, values) }).unwrap();
              toast.success(table ? t('events.tables.saved') : t('events.tables.created'));
              onHide();
            } catch (error) {
              if (!applyServerErrors(setErrors, error)) {
                toast.error(apiErrorMessage(error) ?? t('events.tables.saveFailed'));
              }
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form className="tb-form" label={header}>
              <TextField name="title" label={label('title')} />
              <TextAreaField name="description" label={label('description')} rows={2} />
              <TextField
                name="seats"
                label={label('seats')}
                inputMode="numeric"
                disabled={seated}
                help={seated ? t('events.tables.fields.seatsLocked') : undefined}
              />
              <CheckboxField
                name="autoPlace"
                label={label('autoPlace')}
                help={t('events.tables.fields.autoPlaceHelp')}
              />
              <div className="tb-form-actions">
                <Button
                  type="button"
                  text
                  label={t('events.tables.dialog.cancel')}
                  onClick={onHide}
                />
                <Button
                  type="submit"
                  label={t('events.tables.dialog.save')}
                  loading={isSubmitting}
                />
              </div>
            </Form>
          )}
        </Formik>
      </div>
    </Dialog>
  );
}

/**
 * The saved event's table plan (spec 2 §2 "Table plan tab"): 'Opret bord', 'Placér automatisk'
 * and 'Download'; the guests at no table by company; the tables. Every change is the server's at
 * once, and the tables and the unplaced guests are read again after it.
 */
export function TablesBoard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const [page, setPage] = useState(1);
  const tablesQuery = useGetTablesQuery(eventId, { refetchOnMountOrArgChange: true });
  const unplacedQuery = useGetUnplacedGuestsQuery(
    { eventId, query: { search: null, page, perPage: UNPLACED_PAGE_SIZE } },
    { refetchOnMountOrArgChange: true },
  );
  const [saveTable, saving] = useSaveTableMutation();
  const [deleteTable, deleting] = useDeleteTableMutation();
  const [autoSeat, autoSeating] = useAutoSeatTablesMutation();
  // The table being edited, a new one (null), or no dialog (undefined).
  const [editing, setEditing] = useState<EventTable | null | undefined>(undefined);

  const tables = useMemo(() => tablesQuery.data ?? [], [tablesQuery.data]);
  const unplaced = useMemo(() => unplacedQuery.data?.Result ?? [], [unplacedQuery.data]);
  const groups = useMemo(() => byCompany(unplaced), [unplaced]);
  const busy = saving.isLoading || deleting.isLoading || autoSeating.isLoading;

  const seat = async (table: EventTable, tickets: string[]) => {
    try {
      await saveTable({ eventId, table: seatedAt(table, tickets) }).unwrap();
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.tables.seatFailed'));
    }
  };
  const place = (table: EventTable, guests: TableGuest[]) =>
    void seat(table, [...ticketsAt(table), ...guests.map((guest) => guest.ticketId)]);
  const unseat = (table: EventTable, guest: TableGuest) =>
    void seat(
      table,
      ticketsAt(table).filter((ticket) => ticket !== guest.ticketId),
    );

  const remove = async (table: EventTable) => {
    if (!(await confirm({ message: t('events.tables.confirmDelete') }))) return;
    try {
      await deleteTable({ eventId, tableId: table.id }).unwrap();
      toast.success(t('events.tables.deleted'));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.tables.deleteFailed'));
    }
  };

  const placeAutomatically = async () => {
    try {
      const { placed, unplaced: left } = await autoSeat(eventId).unwrap();
      toast.success(t('events.tables.autoPlaced', { count: placed }));
      if (left > 0) toast.show('warn', t('events.tables.autoUnplaced', { count: left }));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.tables.autoFailed'));
    }
  };

  const actions = (
    <span className="tb-page-actions">
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('events.tables.create')}
        onClick={() => setEditing(null)}
      />
      <Button
        type="button"
        outlined
        icon="pi pi-sitemap"
        label={t('events.tables.autoPlace')}
        loading={autoSeating.isLoading}
        disabled={busy}
        onClick={() => void placeAutomatically()}
      />
      <DownloadMenu eventId={eventId} />
    </span>
  );

  return (
    <div className="tb-table-plan">
      <UnplacedGuests
        groups={groups}
        total={unplacedQuery.data?.Total ?? 0}
        page={page}
        onPageChange={setPage}
        tables={tables}
        busy={busy}
        place={place}
      />
      <Section title={t('events.tables.title')} actions={actions}>
        {(tablesQuery.isError || unplacedQuery.isError) && (
          <Alert severity="error">
            {apiErrorMessage(tablesQuery.error ?? unplacedQuery.error) ??
              t('events.tables.loadFailed')}
          </Alert>
        )}
        {tablesQuery.isSuccess && tables.length === 0 && (
          <p className="tb-table-plan-note">{t('events.tables.empty')}</p>
        )}
        <div className="tb-table-grid">
          {tables.map((table) => (
            <TableCard
              key={table.id}
              table={table}
              unplaced={unplaced}
              busy={busy}
              place={place}
              unseat={unseat}
              onEdit={() => setEditing(table)}
              onDelete={() => void remove(table)}
            />
          ))}
        </div>
      </Section>
      {editing !== undefined && (
        <TableDialog eventId={eventId} table={editing} onHide={() => setEditing(undefined)} />
      )}
    </div>
  );
}
