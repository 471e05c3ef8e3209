import { useParams } from 'react-router';
import { SeatChartDesigner } from './SeatChartDesigner';
import { useGetSeatChartDesignQuery } from './seatChartsApi';

/** /events/seat-charts/{id}/edit: the designer, filled with what the saved chart was made from. */
export function SeatChartEditPage() {
  const { id = '' } = useParams();
  const design = useGetSeatChartDesignQuery(id);
  return <SeatChartDesigner key={id} saved={{ id, design }} />;
}
