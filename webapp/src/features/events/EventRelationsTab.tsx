import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage, isApiError } from '../../api/baseApi';
import type { ContractListRow } from '../../api/generated/contracts';
import type {
  EventRelations,
  RelatedCompany,
  RelatedContract,
  RelatedOrder,
  RelationType,
} from '../../api/generated/events';
import { DATE_TIME_PATTERN } from '../../shared/format';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { SearchPicker } from '../../shared/pickers/SearchPicker';
import type { CompanyPick } from '../../shared/pickers/types';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DateTime } from '../../shared/ui/DateTime';
import { Money } from '../../shared/ui/Money';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { useGetEventQuery } from '../../shared/events/eventsApi';
import { eventPath, newSubEventPath } from '../../shared/events/paths';
import type { EventDto } from '../../shared/events/types';
import {
  useGetEventRelationsQuery,
  useLazySearchEventContractsQuery,
  useLinkEventRelationMutation,
  useUnlinkEventRelationMutation,
} from './eventEditorApi';

// The pages of other areas, by their routes (features do not import each other).
const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;
const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;
const contractPath = (id: string) => `/orders/contracts/${encodeURIComponent(id)}`;

/** The main event of a sub-event, by its title once read. */
function ParentLink({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const parent = useGetEventQuery(parentId).data;
  return (
    <p>
      {t('events.relations.parent')}:{' '}
      <Link to={eventPath(parentId)}>{parent?.title ?? t('common.loading')}</Link>
    </p>
  );
}

/** The main event of a sub-event, or the sub-events of a main event with 'Opret underarrangement'. */
function EventFamily({ event }: { event: EventDto & { id: string } }) {
  const { t } = useTranslation();
  const title = t('events.relations.subEvents');
  if (event.parentId) {
    return (
      <Section title={t('events.relations.parentTitle')}>
        <ParentLink parentId={event.parentId} />
      </Section>
    );
  }
  return (
    <Section
      title={title}
      actions={
        <Link to={newSubEventPath(event.id)} className="p-button p-component p-button-outlined">
          <i className="pi pi-plus" aria-hidden="true" />
          <span>{t('events.relations.createSubEvent')}</span>
        </Link>
      }
    >
      {event.subEvents.length === 0 ? (
        <p>{t('events.relations.noSubEvents')}</p>
      ) : (
        <ul className="tb-stack" aria-label={title}>
          {event.subEvents.map((subEvent) => (
            <li key={subEvent.id}>
              <Link to={eventPath(subEvent.id)}>{subEvent.title}</Link>{' '}
              <DateTime value={subEvent.startDate} pattern={DATE_TIME_PATTERN} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The server's first message on the chosen relation, when a 422 blamed it. */
function relationError(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.errors?.relationId?.[0] ?? error.errors?.relationType?.[0];
}

/**
 * Links and unlinks a company or contract of the event, telling the outcome in a toast. `link`
 * answers the field's error of a refusal ('' when it was linked).
 */
function useRelationChanges(eventId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [linkRelation, linking] = useLinkEventRelationMutation();
  const [unlinkRelation] = useUnlinkEventRelationMutation();
  const link = async (relationType: RelationType, relationId: string): Promise<string> => {
    try {
      await linkRelation({ eventId, relationType, relationId }).unwrap();
      toast.success(t('events.relations.added'));
      return '';
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.relations.failed'));
      return relationError(error) ?? '';
    }
  };
  const unlink = async (relationType: RelationType, relationId: string) => {
    try {
      await unlinkRelation({ eventId, relationType, relationId }).unwrap();
      toast.success(t('events.relations.removed'));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.relations.failed'));
    }
  };
  return { link, unlink, linking: linking.isLoading };
}

/** 'Ordrer': the orders with tickets for the event, newest first. */
function RelatedOrders({ orders, loading }: { orders: RelatedOrder[]; loading: boolean }) {
  const { t } = useTranslation();
  const title = t('events.relations.orders.title');
  const column = (key: string) => t(`events.relations.orders.columns.${key}`);
  return (
    <Section title={title}>
      <div className="tb-table">
        <DataTable
          value={orders}
          dataKey="id"
          loading={loading}
          emptyMessage={t('events.relations.orders.empty')}
          pt={{ table: { 'aria-label': title } }}
        >
          <Column
            header={column('number')}
            body={(order: RelatedOrder) => (
              <Link to={orderPath(order.id)}>{order.orderNumber}</Link>
            )}
          />
          <Column field="customer" header={column('customer')} />
          <Column field="companyName" header={column('company')} />
          <Column field="tickets" header={column('tickets')} />
          <Column
            header={column('total')}
            body={(order: RelatedOrder) => <Money value={order.total} ore />}
          />
          <Column
            header={column('status')}
            body={(order: RelatedOrder) =>
              t(`events.relations.orders.status.${order.status}`, { defaultValue: order.status })
            }
          />
          <Column
            header={column('createdAt')}
            body={(order: RelatedOrder) => (
              <DateTime value={order.createdAt} pattern={DATE_TIME_PATTERN} />
            )}
          />
        </DataTable>
      </div>
    </Section>
  );
}

/** 'Virksomheder': those that come (by tickets or invites) and those linked by hand. */
function RelatedCompanies({
  eventId,
  companies,
  loading,
}: {
  eventId: string;
  companies: RelatedCompany[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { link, unlink, linking } = useRelationChanges(eventId);
  const [chosen, setChosen] = useState<CompanyPick | null>(null);
  const [error, setError] = useState('');
  const title = t('events.relations.companies.title');
  const linkChosen = async () => {
    if (!chosen) return;
    const refusal = await link('company', chosen.id);
    setError(refusal);
    if (!refusal) setChosen(null);
  };
  return (
    <Section title={title}>
      <div className="tb-table">
        <DataTable
          value={companies}
          dataKey="id"
          loading={loading}
          emptyMessage={t('events.relations.companies.empty')}
          pt={{ table: { 'aria-label': title } }}
        >
          <Column
            header={t('events.relations.companies.columns.name')}
            body={(company: RelatedCompany) => (
              <span className="tb-row-actions">
                <Link to={companyPath(company.id)}>{company.name}</Link>
                {company.invited && (
                  <Tag
                    severity="info"
                    className="tb-badge"
                    value={t('events.relations.companies.invited')}
                  />
                )}
              </span>
            )}
          />
          <Column field="tickets" header={t('events.relations.companies.columns.tickets')} />
          <Column
            header={t('table.actions')}
            body={(company: RelatedCompany) =>
              company.linked && (
                <ConfirmButton
                  label={t('events.relations.remove')}
                  aria-label={`${t('events.relations.remove')} ${company.name}`}
                  icon="pi pi-times"
                  severity="danger"
                  text
                  message={t('events.relations.companies.confirmRemove', { name: company.name })}
                  onConfirm={() => unlink('company', company.id)}
                />
              )
            }
          />
        </DataTable>
      </div>
      <div className="tb-filters">
        <CompanyPicker
          label={t('events.relations.companies.picker')}
          placeholder={t('events.relations.companies.placeholder')}
          value={chosen}
          onChange={(company) => {
            setChosen(company);
            setError('');
          }}
          error={error || undefined}
        />
        <Button
          type="button"
          icon="pi pi-link"
          label={t('events.relations.companies.link')}
          disabled={!chosen}
          loading={linking}
          onClick={() => void linkChosen()}
        />
      </div>
    </Section>
  );
}

/** The contracts search of 'Tilknyt kontrakt', by number, company or contact person. */
export function ContractPicker({
  value,
  onChange,
  error,
}: {
  value: ContractListRow | null;
  onChange: (contract: ContractListRow) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search] = useLazySearchEventContractsQuery();
  const contractText = (contract: ContractListRow) =>
    [
      t('events.relations.contracts.proposal', { number: contract.ContractNumber }),
      contract.Company,
    ]
      .filter(Boolean)
      .join(' – ');
  return (
    <SearchPicker<ContractListRow & { id: string }>
      label={t('events.relations.contracts.picker')}
      placeholder={t('events.relations.contracts.placeholder')}
      value={value && { ...value, id: value.Id }}
      onChange={onChange}
      error={error}
      // The list rows name their id 'Id'; the picker keys its proposals by 'id'.
      search={async (query) =>
        (await search(query).unwrap()).map((contract) => ({ ...contract, id: contract.Id }))
      }
      field="ContractNumber"
      chosenText={contractText}
      proposal={(contract) => (
        <div className="tb-picker-option">
          <strong>
            {t('events.relations.contracts.proposal', { number: contract.ContractNumber })}
          </strong>
          {contract.Company && <small>{contract.Company}</small>}
        </div>
      )}
    />
  );
}

/** 'Kontrakter': the contracts linked by hand, e.g. a sponsor's agreement the event is part of. */
function RelatedContracts({
  eventId,
  contracts,
  loading,
}: {
  eventId: string;
  contracts: RelatedContract[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { link, unlink, linking } = useRelationChanges(eventId);
  const [chosen, setChosen] = useState<ContractListRow | null>(null);
  const [error, setError] = useState('');
  const title = t('events.relations.contracts.title');
  const column = (key: string) => t(`events.relations.contracts.columns.${key}`);
  const linkChosen = async () => {
    if (!chosen) return;
    const refusal = await link('contract', chosen.Id);
    setError(refusal);
    if (!refusal) setChosen(null);
  };
  return (
    <Section title={title}>
      <div className="tb-table">
        <DataTable
          value={contracts}
          dataKey="id"
          loading={loading}
          emptyMessage={t('events.relations.contracts.empty')}
          pt={{ table: { 'aria-label': title } }}
        >
          <Column
            header={column('number')}
            body={(contract: RelatedContract) => (
              <Link to={contractPath(contract.id)}>{contract.contractNumber}</Link>
            )}
          />
          <Column field="companyName" header={column('company')} />
          <Column
            header={column('status')}
            body={(contract: RelatedContract) =>
              t(`events.relations.contracts.status.${contract.status}`, {
                defaultValue: contract.status,
              })
            }
          />
          <Column
            header={column('linkedAt')}
            body={(contract: RelatedContract) => <DateTime value={contract.linkedAt} />}
          />
          <Column
            header={t('table.actions')}
            body={(contract: RelatedContract) => (
              <ConfirmButton
                label={t('events.relations.remove')}
                aria-label={`${t('events.relations.remove')} ${t(
                  'events.relations.contracts.proposal',
                  { number: contract.contractNumber },
                )}`}
                icon="pi pi-times"
                severity="danger"
                text
                message={t('events.relations.contracts.confirmRemove', {
                  number: contract.contractNumber,
                })}
                onConfirm={() => unlink('contract', contract.id)}
              />
            )}
          />
        </DataTable>
      </div>
      <div className="tb-filters">
        <ContractPicker
          value={chosen}
          onChange={(contract) => {
            setChosen(contract);
            setError('');
          }}
          error={error || undefined}
        />
        <Button
          type="button"
          icon="pi pi-link"
          label={t('events.relations.contracts.link')}
          disabled={!chosen}
          loading={linking}
          onClick={() => void linkChosen()}
        />
      </div>
    </Section>
  );
}

/** What the server relates to the event: its orders, companies and linked contracts. */
function ServerRelations({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const query = useGetEventRelationsQuery(eventId);
  if (query.isError) {
    return (
      <Alert severity="error">
        {apiErrorMessage(query.error) ?? t('events.relations.loadFailed')}
      </Alert>
    );
  }
  const relations: EventRelations = query.data ?? { orders: [], companies: [], contracts: [] };
  return (
    <>
      <RelatedOrders orders={relations.orders} loading={query.isLoading} />
      <RelatedCompanies
        eventId={eventId}
        companies={relations.companies}
        loading={query.isLoading}
      />
      <RelatedContracts
        eventId={eventId}
        contracts={relations.contracts}
        loading={query.isLoading}
      />
    </>
  );
}

/**
 * Relationer (tab 70, a saved event): the main event of a sub-event, or the sub-events of a main
 * event with 'Opret underarrangement' (sub-events have none of their own); then the event's
 * orders, its companies and its contracts, where staff link and unlink companies and contracts.
 */
export function EventRelationsTab({ event }: { event: EventDto & { id: string } }) {
  return (
    <div className="tb-stack">
      <EventFamily event={event} />
      <ServerRelations eventId={event.id} />
    </div>
  );
}
