import { useTranslation } from 'react-i18next';
import { LinesCard } from '../../shared/editor/LinesCard';
import type { OrderLine } from '../../shared/orderLines/types';

/**
 * What the subscription charges each period: Titel, Variant, Pris, Rabat, Antal, Total. A draft
 * adds lines ('Tilføj produkt': the order-line dialog), edits and removes them; otherwise they only
 * show.
 */
export function SubscriptionLinesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  return (
    <LinesCard<OrderLine>
      name="orderLines"
      editable={editable}
      emptyMessage={t('subscriptions.lines.empty')}
      columns={['title', 'variant', 'price', 'discount', 'amount', 'total']}
    />
  );
}
