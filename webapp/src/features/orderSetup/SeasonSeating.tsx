import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import {
  useGetSeasonChannelsQuery,
  useGetSeasonChartQuery,
  useGetSeasonSeatChartsQuery,
  useGetSeasonTicketsQuery,
} from './orderSetupApi';
import { SeasonTickets } from './SeasonTickets';
import { seasonChartKey } from './seasonSeating';
import { SeatChannels } from './SeatChannels';
import type { Season } from './types';

/**
 * A saved season's 'Sæsonkort' and 'Salgskanaler' on the chart the server seats it on (its first
 * seat row's, as saved); nothing for a season without one.
 */
export function SeasonSeating({ seasonId, season }: { seasonId: string; season: Season }) {
  const { t } = useTranslation();
  const chartKey = seasonChartKey(season);
  const charts = useGetSeasonSeatChartsQuery(undefined, { skip: !chartKey });
  // The season names its chart by key; the chart is read by id.
  const chartId = charts.data?.find((chart) => chart.key === chartKey)?.id;
  const chartQuery = useGetSeasonChartQuery(chartId ?? '', { skip: !chartId });
  const chart = chartQuery.data;
  const tickets = useGetSeasonTicketsQuery(seasonId, { skip: !chart });
  const channels = useGetSeasonChannelsQuery(seasonId, { skip: !chart });

  if (!chartId) return null;
  if (chartQuery.isLoading) return <Preloader label={t('common.loading')} />;
  if (!chart) {
    return (
      <Alert severity="error">
        {apiErrorMessage(chartQuery.error) ?? t('orderSetup.seating.chartFailed')}
      </Alert>
    );
  }
  const ticketList = tickets.data ?? [];
  const channelList = channels.data ?? [];
  return (
    <>
      <SeasonTickets
        seasonId={seasonId}
        chart={chart}
        tickets={ticketList}
        loadError={tickets.isError ? tickets.error : undefined}
      />
      <SeatChannels
        seasonId={seasonId}
        chart={chart}
        tickets={ticketList}
        channels={channelList}
        loadError={channels.isError ? channels.error : undefined}
      />
    </>
  );
}
