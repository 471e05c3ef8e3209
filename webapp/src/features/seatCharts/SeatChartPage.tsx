import { useParams } from 'react-router';
import { NEW_ID } from '../../shared/ui/EditorPage';
import { SeatChartDesigner } from './SeatChartDesigner';
import { SeatChartView } from './SeatChartView';

/** /events/seat-charts/{id}: the designer for 'create'; a saved chart is shown ('/edit' edits it). */
export function SeatChartPage() {
  const { id = NEW_ID } = useParams();
  return id === NEW_ID ? <SeatChartDesigner /> : <SeatChartView key={id} id={id} />;
}
