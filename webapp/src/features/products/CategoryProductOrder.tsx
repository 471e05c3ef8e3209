import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { useToast } from '../../shared/ui/Toast';
import { useGetCategoryProductsQuery, useSortCategoryProductsMutation } from './productsApi';
import type { Choice } from './types';

function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** One of the category's two product lists (on contracts or not), ordered with up/down. */
function ProductOrderList({ categoryId, contract }: { categoryId: string; contract: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const query = useGetCategoryProductsQuery({ categoryId, contract });
  const [sort, sortState] = useSortCategoryProductsMutation();
  const [edited, setEdited] = useState<Choice[] | null>(null);
  const items = edited ?? query.data ?? [];
  const title = contract ? t('products.order.contract') : t('products.order.other');
  return (
    <section className="tb-card tb-stack" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p>{t('products.order.empty')}</p>
      ) : (
        <ol className="tb-order-list">
          {items.map((item, index) => (
            <li key={item.id}>
              <span>{item.title}</span>
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-arrow-up"
                aria-label={t('products.order.up', { title: item.title })}
                disabled={index === 0}
                onClick={() => setEdited(move(items, index, index - 1))}
              />
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-arrow-down"
                aria-label={t('products.order.down', { title: item.title })}
                disabled={index === items.length - 1}
                onClick={() => setEdited(move(items, index, index + 1))}
              />
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button
          type="button"
          label={t('products.order.save')}
          aria-label={t('products.order.saveLabel', { list: title })}
          disabled={items.length === 0}
          loading={sortState.isLoading}
          onClick={async () => {
            try {
              await sort({
                categoryId,
                contract,
                productIds: items.map((item) => item.id),
              }).unwrap();
              setEdited(null);
              toast.success(t('products.order.saved'));
            } catch (error) {
              toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
            }
          }}
        />
      </div>
    </section>
  );
}

/** The category's products in their saved order: those on contracts and the others. */
export function CategoryProductOrder({ categoryId }: { categoryId: string }) {
  return (
    <div className="tb-stack">
      <ProductOrderList categoryId={categoryId} contract />
      <ProductOrderList categoryId={categoryId} contract={false} />
    </div>
  );
}
