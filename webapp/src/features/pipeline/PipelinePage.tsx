import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { useCanAccess } from '../../shared/access';
import { fullName } from '../../shared/format';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { PipelineBoardView } from './PipelineBoardView';
import { useGetPipelinePricesWithVatQuery, useGetPipelineUsersQuery } from './pipelineApi';
import { RENEGOTIATION_COLUMNS, SALES_COLUMNS } from './types';
import './pipeline.css';

/** The user filter's 'all' (no userId sent). */
const ALL = 'all';

/**
 * /orders/pipeline (spec 3 §2 "Pipeline board"): the contracts by negotiation status ('Salg') and
 * by how soon they are up for renewal ('Genforhandling'), for one staff member or all, with
 * 'Opret aftale'. Staff who may manage orders move Salg cards between columns.
 */
export function PipelinePage() {
  const { t } = useTranslation();
  const userFilterId = useId();
  const { client } = useAppSession();
  const canMove = useCanAccess('manage', 'orders');
  const [tab, setTab] = useTabParam(10);
  const [userId, setUserId] = useState<string>(ALL);
  const { data: users = [] } = useGetPipelineUsersQuery();
  const { data: pricesWithVatAnswer } = useGetPipelinePricesWithVatQuery();
  const pricesWithVat = pricesWithVatAnswer ?? client?.pricesWithVat ?? true;
  const forUser = userId === ALL ? undefined : userId;

  const userOptions = [
    { label: t('pipeline.allUsers'), value: ALL },
    ...users.map((user) => ({ label: fullName(user) || user.email, value: user.id })),
  ];

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('pipeline.title')}</h1>
        <div className="tb-page-actions">
          <Link to="/orders/contracts/create" className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('pipeline.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
        <span className="tb-filter">
          <label htmlFor={userFilterId}>{t('pipeline.userFilter')}</label>
          <Dropdown
            inputId={userFilterId}
            value={userId}
            options={userOptions}
            optionLabel="label"
            optionValue="value"
            filter={users.length > 10}
            onChange={(event) => setUserId(event.value as string)}
          />
        </span>
      </div>
      <Tabs
        activeKey={tab}
        onTabChange={setTab}
        tabs={[
          {
            key: 10,
            label: t('pipeline.tabs.sales'),
            content: (
              <PipelineBoardView
                kind="sales"
                columns={SALES_COLUMNS}
                userId={forUser}
                pricesWithVat={pricesWithVat}
                canMove={canMove}
              />
            ),
          },
          {
            key: 20,
            label: t('pipeline.tabs.renegotiation'),
            content: (
              <PipelineBoardView
                kind="renegotiation"
                columns={RENEGOTIATION_COLUMNS}
                userId={forUser}
                pricesWithVat={pricesWithVat}
                canMove={false}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
