import { useFormikContext } from 'formik';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { isConflict } from '../../shared/conflict';
import { OwnerField, SeasonField } from '../../shared/editor/ChoiceFields';
import { CheckboxField, DateField, SelectField, TextAreaField } from '../../shared/ui/FormFields';
import { useToast } from '../../shared/ui/Toast';
import { AgreementStatusBadge, ContractStatusBadge } from './ContractBadges';
import { ContractInvoicingCard } from './ContractInvoicingCard';
import { ContractLinesCard } from './ContractLinesCard';
import { ContractRelationsCard } from './ContractRelationsCard';
import type { ContractFormValues } from './contractSchema';
import { useGetContractCategoriesQuery, useSetAgreementStatusMutation } from './contractsApi';
import { agreementStatusOptions, isEditable, isSavable } from './contractStatus';
import { ContractSigningCard } from './ContractSigningCard';
import { ContractTotalsCard } from './ContractTotalsCard';
import { contractPath } from './paths';
import { Section } from '../../shared/ui/Section';
import type { AgreementStatus, Contract } from './types';

/**
 * 'Forhandlingsstatus': saved at once through contracts/agreement-status (not with the form), with
 * the contract's version; not for a cancelled contract.
 */
function AgreementStatusSelect({
  contract,
  onConflict,
}: {
  contract: Contract & { id: string };
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [setAgreementStatus, { isLoading }] = useSetAgreementStatusMutation();
  // The chosen status shows until the contract is read again with it.
  const [shown, setShown] = useState<AgreementStatus | null>(null);
  useEffect(() => setShown(null), [contract.version, contract.agreementStatus]);
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('contracts.fields.agreementStatus')}</label>
      <Dropdown
        inputId={id}
        value={shown ?? contract.agreementStatus}
        options={agreementStatusOptions(t)}
        optionLabel="label"
        optionValue="value"
        disabled={contract.status === 'cancelled' || isLoading}
        onChange={async (event) => {
          const agreementStatus = event.value as AgreementStatus;
          if (agreementStatus === contract.agreementStatus) return;
          setShown(agreementStatus);
          try {
            await setAgreementStatus({
              id: contract.id,
              version: contract.version,
              agreementStatus,
            }).unwrap();
          } catch (error) {
            setShown(null);
            toast.error(apiErrorMessage(error) ?? t('contracts.errors.unknown'));
            if (isConflict(error)) onConflict();
          }
        }}
      />
    </div>
  );
}

/** The two statuses, the agreement-status select and the renewal links of a saved contract. */
function StatusCard({
  contract,
  onConflict,
}: {
  contract: Contract & { id: string };
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('contracts.sections.status')}>
      <div className="tb-status-tags">
        <ContractStatusBadge status={contract.status} />
        <AgreementStatusBadge status={contract.agreementStatus} />
        {contract.awaitingSignature && <span>{t('contracts.signing.awaiting')}</span>}
      </div>
      <AgreementStatusSelect contract={contract} onConflict={onConflict} />
      {contract.renewalOf && (
        <p>
          <Link to={contractPath(contract.renewalOf.id)}>
            {t('contracts.editor.renewalOf', { number: contract.renewalOf.contractNumber })}
          </Link>
        </p>
      )}
      {contract.renewedBy && (
        <p>
          <Link to={contractPath(contract.renewedBy.id)}>
            {t('contracts.editor.renewedBy', { number: contract.renewedBy.contractNumber })}
          </Link>
        </p>
      )}
    </Section>
  );
}

/**
 * Sæson, Kategori, the dates, 'Ansvarlig' and the description. Category, season, end date, no end
 * date, renewal date and description change only in draft or renewal; the start date and the owner
 * change while the contract is not cancelled.
 */
function ContractFieldsCard({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<ContractFormValues>();
  const { data: categories = [] } = useGetContractCategoriesQuery();
  const locked = !isEditable(contract.status);
  const readOnly = !isSavable(contract.status);
  return (
    <Section title={t('contracts.sections.contract')}>
      <div className="tb-form-grid">
        <SeasonField
          label={t('contracts.fields.season')}
          placeholder={t('contracts.fields.noSeason')}
          disabled={locked}
        />
        <SelectField
          name="categoryId"
          label={t('contracts.fields.category')}
          options={categories.map((category) => ({ label: category.title, value: category.id }))}
          placeholder={t('contracts.fields.chooseCategory')}
          disabled={locked}
        />
        <DateField name="startDate" label={t('contracts.fields.startDate')} disabled={readOnly} />
        {!values.noEndDate && (
          <DateField name="endDate" label={t('contracts.fields.endDate')} disabled={locked} />
        )}
        <DateField name="renewDate" label={t('contracts.fields.renewDate')} disabled={locked} />
        <OwnerField
          label={t('contracts.fields.owner')}
          placeholder={t('contracts.fields.noOwner')}
          disabled={readOnly}
        />
      </div>
      <CheckboxField name="noEndDate" label={t('contracts.fields.noEndDate')} disabled={locked} />
      <TextAreaField
        name="description"
        label={t('contracts.fields.description')}
        disabled={locked}
      />
    </Section>
  );
}

interface ContractTabProps {
  contract: Contract;
  onConflict: () => void;
}

/**
 * The Aftale tab: status, the contract's fields, company and contact, totals, invoicing, the lines
 * and, once signed, the signature.
 */
export function ContractTab({ contract, onConflict }: ContractTabProps) {
  const savedId = contract.id;
  return (
    <div className="tb-stack">
      <div className="tb-order-layout">
        <div className="tb-stack">
          {savedId && (
            <StatusCard contract={{ ...contract, id: savedId }} onConflict={onConflict} />
          )}
          <ContractFieldsCard contract={contract} />
          <ContractRelationsCard status={contract.status} />
        </div>
        <div className="tb-stack">
          <ContractTotalsCard contract={contract} />
          <ContractInvoicingCard contract={contract} />
          {contract.signing && (
            <ContractSigningCard signing={contract.signing} signedFileId={contract.signedFileId} />
          )}
        </div>
      </div>
      <ContractLinesCard status={contract.status} />
    </div>
  );
}
