import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderListRow } from '../../api/generated/orders';
import type { ShopProductRow } from '../../api/generated/shop';
import { formatDate } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { Money } from '../../shared/ui/Money';
import { SearchInput } from '../../shared/ui/SearchInput';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';

function ShopOrders() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <>
      <div className="tb-filters">
        <SearchInput label={t('table.search')} onSearch={setSearch} />
      </div>
      <DataTable<OrderListRow>
        label={t('shopAdmin.orders.title')}
        endpoint="shop/orders"
        tag="Order"
        filter={{ search }}
        defaultSort={{ field: 'Number', dir: 'desc' }}
        emptyMessage={t('shopAdmin.orders.empty')}
        columns={[
          {
            field: 'Number',
            header: t('shopAdmin.orders.number'),
            sortable: true,
            body: (row) => <Link to={`/orders/${row.Id}`}>{row.OrderNumber}</Link>,
          },
          {
            field: 'Contact',
            header: t('shopAdmin.orders.customer'),
            sortable: true,
            body: (row) => row.Company ?? row.Contact ?? '',
          },
          {
            field: 'Status',
            header: t('shopAdmin.orders.status'),
            sortable: true,
            body: (row) => t(`orders.status.${row.Status}`, { defaultValue: row.Status }),
          },
          {
            field: 'PaymentStatus',
            header: t('shopAdmin.orders.payment'),
            sortable: true,
            body: (row) =>
              t(`orders.paymentStatus.${row.PaymentStatus}`, { defaultValue: row.PaymentStatus }),
          },
          {
            field: 'Total',
            header: t('shopAdmin.orders.total'),
            sortable: true,
            body: (row) => <Money value={row.Total} ore currencyCode />,
          },
          {
            field: 'CreateDate',
            header: t('shopAdmin.orders.date'),
            sortable: true,
            body: (row) => formatDate(row.CreateDate),
          },
        ]}
      />
    </>
  );
}

function ShopProducts() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <>
      <p className="tb-field-help">{t('shopAdmin.products.help')}</p>
      <div className="tb-filters">
        <SearchInput label={t('table.search')} onSearch={setSearch} />
        <Link to="/products" className="p-button p-component p-button-outlined">
          {t('shopAdmin.products.all')}
        </Link>
      </div>
      <DataTable<ShopProductRow>
        label={t('shopAdmin.products.title')}
        endpoint="shop/products"
        tag="Product"
        filter={{ search }}
        defaultSort={{ field: 'Sorting', dir: 'asc' }}
        emptyMessage={t('shopAdmin.products.empty')}
        columns={[
          {
            field: 'Title',
            header: t('shopAdmin.products.name'),
            sortable: true,
            body: (row) => <Link to={`/products/${row.Id}`}>{row.Title}</Link>,
          },
          { field: 'Category', header: t('shopAdmin.products.category') },
          {
            field: 'Type',
            header: t('shopAdmin.products.type'),
            body: (row) => t(`shopAdmin.products.types.${row.Type}`, { defaultValue: row.Type }),
          },
          {
            field: 'Price',
            header: t('shopAdmin.products.price'),
            sortable: true,
            body: (row) => <Money value={row.Price} ore />,
          },
        ]}
      />
    </>
  );
}

/**
 * /shop-admin, the back office's 'Webshop' (issue 37 §6): the orders the shop took and the
 * products it sells, with 'Åbn webshoppen' (the storefront in a new tab) and the way to its terms
 * in the club's settings. Products are edited in the products module, where each row leads.
 */
export function ShopAdminPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam();
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('shopAdmin.title')}</h1>
        <div className="tb-page-actions">
          <Link to="/settings" className="p-button p-component p-button-outlined">
            <i className="pi pi-cog" aria-hidden="true" />
            <span>{t('shopAdmin.settings')}</span>
          </Link>
          <a href="/shop" target="_blank" rel="noopener" className="p-button p-component">
            <i className="pi pi-external-link" aria-hidden="true" />
            <span>{t('shopAdmin.open')}</span>
          </a>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onTabChange={setTab}
        tabs={[
          { key: 10, label: t('shopAdmin.orders.title'), content: <ShopOrders /> },
          { key: 20, label: t('shopAdmin.products.title'), content: <ShopProducts /> },
        ]}
      />
    </section>
  );
}
