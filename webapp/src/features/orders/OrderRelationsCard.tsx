import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../shared/format';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { ContactPicker } from '../../shared/pickers/ContactPicker';
import type { CompanyPick } from '../../shared/pickers/types';
import { useSearchOrderContractsQuery } from './ordersApi';
import type { OrderFormValues } from './orderSchema';
import type { ContractChoice, OrderContact } from './types';

/** A chosen company, contact or contract: its name, and 'Fjern' while the order is a draft. */
function Chosen({
  text,
  to,
  removeLabel,
  onRemove,
}: {
  text: string;
  to?: string;
  removeLabel: string;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tb-chosen">
      {to ? <Link to={to}>{text}</Link> : <span>{text}</span>}
      {onRemove && (
        <Button
          type="button"
          text
          size="small"
          severity="danger"
          icon="pi pi-times"
          label={t('common.remove')}
          aria-label={removeLabel}
          onClick={onRemove}
        />
      )}
    </div>
  );
}

function CompanyField({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setValues } = useFormikContext<OrderFormValues>();
  const company = values.company;
  // Another company has other contact persons and contracts: they are chosen again.
  const choose = (next: CompanyPick | null) =>
    void setValues((current) => ({
      ...current,
      company: next
        ? {
            id: next.id,
            name: next.name,
            address: null,
            zipCode: null,
            city: next.city ?? null,
          }
        : null,
      contact: next?.id === current.company?.id ? current.contact : null,
      contract: next?.id === current.company?.id ? current.contract : null,
    }));
  if (!company) {
    return (
      <CompanyPicker
        label={t('orders.relations.company')}
        value={null}
        onChange={choose}
        disabled={!editable}
        placeholder={t('orders.relations.companyPlaceholder')}
      />
    );
  }
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('orders.relations.company')}</label>
      <Chosen
        text={company.name}
        to={`/companies/${company.id}`}
        removeLabel={t('orders.relations.removeCompany', { name: company.name })}
        onRemove={editable ? () => choose(null) : undefined}
      />
    </div>
  );
}

function ContactField({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setValues } = useFormikContext<OrderFormValues>();
  const contact = values.contact;
  const companyId = values.company?.id ?? null;
  // A chosen contact fills the customer fields that are still empty.
  const choose = (next: OrderContact | null) =>
    void setValues((current) => ({
      ...current,
      contact: next,
      firstname: current.firstname || next?.firstname || '',
      lastname: current.lastname || next?.lastname || '',
      email: current.email || next?.email || '',
      phone: current.phone || next?.phone || next?.mobile || '',
    }));
  if (!contact && editable) {
    return (
      <ContactPicker
        label={t('orders.relations.contact')}
        value={null}
        onChange={choose}
        companyId={companyId}
        placeholder={t('orders.relations.contactPlaceholder')}
      />
    );
  }
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('orders.relations.contact')}</label>
      {contact ? (
        <Chosen
          text={[fullName(contact), contact.email].filter(Boolean).join(', ')}
          to={`/contacts/${contact.id}`}
          removeLabel={t('orders.relations.removeContact', { name: fullName(contact) })}
          onRemove={editable ? () => choose(null) : undefined}
        />
      ) : (
        <span id={id}>–</span>
      )}
    </div>
  );
}

/**
 * How a contract reads in the picker: the server's title ('Aftale #1001 – Bageriet Grøn ApS'),
 * or 'Aftale #1001' for the linked one until a search has answered with it.
 */
function contractLabel(
  t: TFunction,
  contract: { contractNumber: number | null; title?: string | null },
): string {
  if (contract.title) return contract.title;
  return t('orders.relations.contractNumber', { number: contract.contractNumber ?? '' });
}

/**
 * 'Aftale': the contracts the order can link to (not cancelled; the chosen company's when one is
 * chosen), searched on the server as the user types.
 */
function ContractField({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue } = useFormikContext<OrderFormValues>();
  const [search, setSearch] = useState('');
  const companyId = values.company?.id ?? '';
  const { data: found = [] } = useSearchOrderContractsQuery({ search, companyId });
  const contract = values.contract;
  const options = useMemo(() => {
    const byId = new Map<string, ContractChoice>();
    if (contract) byId.set(contract.id, { ...contract, title: '' });
    for (const choice of found) byId.set(choice.id, choice);
    return [...byId.values()].map((choice) => ({
      label: contractLabel(t, choice),
      value: choice.id,
    }));
  }, [found, contract, t]);
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('orders.relations.contract')}</label>
      <Dropdown
        inputId={id}
        value={contract?.id ?? null}
        options={options}
        optionLabel="label"
        optionValue="value"
        filter
        onFilter={(event) => setSearch(event.filter)}
        showClear
        disabled={!editable}
        placeholder={t('orders.relations.contractPlaceholder')}
        emptyMessage={t('orders.relations.noContracts')}
        emptyFilterMessage={t('orders.relations.noContracts')}
        onChange={(event) => {
          const chosen = found.find((choice) => choice.id === event.value);
          void setFieldValue(
            'contract',
            chosen
              ? { id: chosen.id, contractNumber: chosen.contractNumber }
              : event.value
                ? contract
                : null,
          );
        }}
      />
      {contract && (
        <Link to={`/orders/contracts/${contract.id}`}>{t('orders.relations.showContract')}</Link>
      )}
    </div>
  );
}

/** Virksomhed, Kontaktperson (the company's) and the linked Aftale; changed only in a draft. */
export function OrderRelationsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('orders.relations.title')}
        </h2>
        <CompanyField editable={editable} />
        <ContactField editable={editable} />
        <ContractField editable={editable} />
      </section>
    </Card>
  );
}
