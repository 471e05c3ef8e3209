import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyField, ContactField, type RelationRules } from '../../shared/editor/RelationFields';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { Section } from '../../shared/ui/Section';
import { useSearchOrderContractsQuery } from './ordersApi';
import type { OrderFormValues } from './orderSchema';
import type { ContractChoice, OrderCompany, OrderContact } from './types';

/** A locked order says it has no company: the company picker, disabled and empty. */
function NoCompany() {
  const { t } = useTranslation();
  return (
    <CompanyPicker
      label={t('common.relations.company')}
      value={null}
      onChange={() => undefined}
      disabled
      placeholder={t('common.relations.companyPlaceholder')}
    />
  );
}

/** A locked order says it has no contact person: '–'. */
function NoContact() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('common.relations.contact')}</label>
      <span id={id}>–</span>
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

/**
 * Virksomhed, Kontaktperson (the company's) and the linked Aftale; changed only in a draft, where
 * a chosen one shows as a link with 'Fjern'. Another company empties the contact person and the
 * contract; a chosen contact person fills the customer fields that are still empty.
 */
export function OrderRelationsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { values, setValues } = useFormikContext<OrderFormValues>();
  const rules: RelationRules = { canChange: editable, canRemove: editable };
  const { company, contact } = values;

  // Another company has other contact persons and contracts: they are chosen again.
  const chooseCompany = (next: OrderCompany | null) =>
    void setValues((current) => ({
      ...current,
      company: next,
      contact: next?.id === current.company?.id ? current.contact : null,
      contract: next?.id === current.company?.id ? current.contract : null,
    }));
  const chooseContact = (next: OrderContact | null) =>
    void setValues((current) => ({
      ...current,
      contact: next,
      firstname: current.firstname || next?.firstname || '',
      lastname: current.lastname || next?.lastname || '',
      email: current.email || next?.email || '',
      phone: current.phone || next?.phone || next?.mobile || '',
    }));

  return (
    <Section title={t('orders.relations.title')}>
      {company || editable ? (
        <CompanyField value={company} onChange={chooseCompany} {...rules} />
      ) : (
        <NoCompany />
      )}
      {contact || editable ? (
        <ContactField
          value={contact}
          onChange={chooseContact}
          companyId={company?.id ?? null}
          {...rules}
        />
      ) : (
        <NoContact />
      )}
      <ContractField editable={editable} />
    </Section>
  );
}
