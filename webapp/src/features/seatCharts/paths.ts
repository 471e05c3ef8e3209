/** The seat charts' list; a chart lives at `{SEAT_CHARTS_PATH}/{id}`, the designer at '/create'. */
export const SEAT_CHARTS_PATH = '/events/seat-charts';
