import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, Seat } from '../../api/generated/seats';
import { formatOre } from '../format';
import {
  areaCounts,
  categoryColor,
  isPickable,
  isStandingPlace,
  SEAT_STATES,
  standingAreasOf,
  STATE_COLORS,
  stateOf,
  UNAVAILABLE_COLOR,
  UNKNOWN_STATE_COLOR,
  type SeatMapState,
  type StandingArea,
} from './seatModel';
import './seats.css';

export type SeatMapMode = 'pick' | 'overview';

export interface SeatMapProps {
  chart: Chart;
  /** Each seat's state by label; a seat not named is free. */
  states: ReadonlyMap<string, SeatMapState>;
  /**
   * 'pick': free seats in their category's colour (toggled through `onToggle`), the picked
   * ('mine') ones marked, the rest grey. 'overview': every state in its own colour, with a
   * legend and the counts per section; a click calls `onSeatClick`.
   */
  mode: SeatMapMode;
  /** Pick mode: the categories that may be picked (every category when not given). */
  categories?: readonly string[];
  /** The price per category key (øre), shown in the legend. */
  prices?: Readonly<Record<string, number>>;
  /** Pick mode: a free seat to pick or a picked seat to give back (click, Enter or Space). */
  onToggle?: (seat: Seat) => void;
  /** Overview mode: a seat was clicked (or chosen by Enter or Space). */
  onSeatClick?: (seat: Seat, state: SeatMapState) => void;
  /**
   * A standing area (drawn as one block, not as its places) was clicked or chosen by Enter or
   * Space; without it the blocks are only drawn.
   */
  onAreaClick?: (section: string) => void;
  /** Any move in the map (zoom, pan, keys): a hold session lives on it. */
  onActivity?: () => void;
  /** Overview mode: the counts per section under the map (default on; off where the page shows the server's). */
  sectionCounts?: boolean;
  /** The map's accessible name; 'Pladser' when not given. */
  label?: string;
}

/** What the map draws: the chart's extent plus a margin and room for the section names. */
interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The zoom (1: the whole chart) and the pan, in chart units. */
interface View {
  scale: number;
  x: number;
  y: number;
}

const SEAT_RADIUS = 0.42;
/** How far a standing area's block reaches beyond its outermost places. */
const AREA_MARGIN = 0.5;
/** A standing area's block in the overview, where it has no single state to show. */
const AREA_NEUTRAL_COLOR = '#b0bec5';
const MIN_SCALE = 1;
const MAX_SCALE = 8;
const ZOOM_STEP = 1.5;
/** A press that moves less than this (pixels) is a click, not a drag. */
const DRAG_THRESHOLD = 4;
const HOME: View = { scale: 1, x: 0, y: 0 };
/**
 * A map and a screen this narrow (CSS pixels) are a phone's: when the whole chart would draw its seats smaller
 * than THUMB_SEAT_PIXELS, the picker opens zoomed on one section with seats a thumb can hit.
 */
const NARROW_MAP_PIXELS = 640;
const THUMB_SEAT_PIXELS = 24;

function viewBoxOf(seats: readonly Seat[]): ViewBox {
  if (seats.length === 0) return { x: 0, y: 0, width: 10, height: 10 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const seat of seats) {
    minX = Math.min(minX, seat.x);
    minY = Math.min(minY, seat.y);
    maxX = Math.max(maxX, seat.x);
    maxY = Math.max(maxY, seat.y);
  }
  return { x: minX - 1, y: minY - 2.5, width: maxX - minX + 2, height: maxY - minY + 3.5 };
}

/** The section names, centred over each section. */
function sectionLabelsOf(seats: readonly Seat[]) {
  const bounds = new Map<string, { minX: number; maxX: number; minY: number }>();
  for (const seat of seats) {
    const found = bounds.get(seat.section);
    if (found) {
      found.minX = Math.min(found.minX, seat.x);
      found.maxX = Math.max(found.maxX, seat.x);
      found.minY = Math.min(found.minY, seat.y);
    } else {
      bounds.set(seat.section, { minX: seat.x, maxX: seat.x, minY: seat.y });
    }
  }
  return [...bounds].map(([name, box]) => ({
    name,
    x: (box.minX + box.maxX) / 2,
    y: box.minY - 1.1,
  }));
}

/** The seat (or area) nearest `from` in the direction (dx, dy); one off to the side counts further. */
export function nearestSeat(
  seats: readonly { x: number; y: number }[],
  from: number,
  dx: number,
  dy: number,
): number | null {
  const origin = seats[from];
  if (!origin) return null;
  let best: number | null = null;
  let bestCost = Infinity;
  seats.forEach((seat, index) => {
    const ax = seat.x - origin.x;
    const ay = seat.y - origin.y;
    const along = ax * dx + ay * dy;
    if (along <= 0.01) return;
    const cost = along + 3 * Math.abs(ax * dy - ay * dx);
    if (cost < bestCost) {
      bestCost = cost;
      best = index;
    }
  });
  return best;
}

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

function clampScale(scale: number, maxScale: number) {
  return Math.min(maxScale, Math.max(MIN_SCALE, scale));
}

/** The view zoomed by `factor` around a point of the drawing (viewBox units). */
function zoomed(view: View, factor: number, cx: number, cy: number, maxScale: number): View {
  const scale = clampScale(view.scale * factor, maxScale);
  if (scale === MIN_SCALE) return HOME;
  const ratio = scale / view.scale;
  return { scale, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio };
}

/**
 * Where a phone's picker opens: the section of a seat already picked, else the one with the most
 * seats that can be picked; its middle, in chart units. Null when no seat can be picked.
 */
export function openingSectionOf(
  seats: readonly Seat[],
  states: ReadonlyMap<string, SeatMapState>,
  categories: readonly string[] | undefined,
): { section: string; x: number; y: number } | null {
  const drawn = seats.filter((seat) => !isStandingPlace(seat));
  const mine = drawn.find((seat) => stateOf(states, seat.label) === 'mine');
  let section = mine?.section;
  if (section === undefined) {
    const open = new Map<string, number>();
    for (const seat of drawn) {
      if (isPickable(stateOf(states, seat.label), seat.categoryKey, categories)) {
        open.set(seat.section, (open.get(seat.section) ?? 0) + 1);
      }
    }
    let most = 0;
    for (const [name, count] of open) {
      if (count > most) {
        most = count;
        section = name;
      }
    }
  }
  if (section === undefined) return null;
  const inSection = drawn.filter((seat) => seat.section === section);
  const xs = inSection.map((seat) => seat.x);
  const ys = inSection.map((seat) => seat.y);
  return {
    section,
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: (Math.min(...ys) + Math.max(...ys)) / 2,
  };
}

interface SeatLook {
  fill: string;
  picked: boolean;
  disabled: boolean;
  /** The state as the accessible name says it. */
  stateText: string;
}

function lookOf(
  t: TFunction,
  chart: Chart,
  seat: Seat,
  state: SeatMapState,
  mode: SeatMapMode,
  categories: readonly string[] | undefined,
): SeatLook {
  const known = (SEAT_STATES as readonly string[]).includes(state);
  const stateText = t(`seats.state.${known ? state : 'unknown'}`);
  if (mode === 'overview') {
    return {
      fill: STATE_COLORS[state] ?? UNKNOWN_STATE_COLOR,
      picked: false,
      disabled: false,
      stateText,
    };
  }
  const pickable = isPickable(state, seat.categoryKey, categories);
  return {
    fill: pickable ? categoryColor(chart, seat.categoryKey) : UNAVAILABLE_COLOR,
    picked: state === 'mine',
    disabled: !pickable,
    stateText: state === 'free' && !pickable ? t('seats.state.otherCategory') : stateText,
  };
}

interface SeatDotProps {
  id: string;
  index: number;
  x: number;
  y: number;
  fill: string;
  picked: boolean;
  disabled: boolean;
  accessible: boolean;
  name: string;
  selectable: boolean;
}

/** One seat; memoised, so a change of one seat redraws only that one. */
const SeatDot = memo(function SeatDot({
  id,
  index,
  x,
  y,
  fill,
  picked,
  disabled,
  accessible,
  name,
  selectable,
}: SeatDotProps) {
  const classes = ['tb-seat'];
  if (picked) classes.push('tb-seat-picked');
  if (disabled) classes.push('tb-seat-disabled');
  return (
    <g
      id={id}
      role="option"
      aria-label={name}
      aria-selected={selectable ? picked : undefined}
      aria-disabled={disabled || undefined}
      data-seat={index}
      className={classes.join(' ')}
    >
      <circle cx={x} cy={y} r={SEAT_RADIUS} fill={fill} />
      {accessible && (
        <text x={x} y={y} className="tb-seat-accessible" aria-hidden="true">
          ♿
        </text>
      )}
    </g>
  );
});

/** A readable text colour on `fill` ('#rrggbb'). */
function textColorOn(fill: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(fill)?.[1];
  if (!hex) return '#111827';
  const value = parseInt(hex, 16);
  const luma = 0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luma > 150 ? '#111827' : '#ffffff';
}

/** Where a standing area's block stands: over its places, with a margin. */
function areaBoundsOf(area: StandingArea): ViewBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const place of area.places) {
    minX = Math.min(minX, place.x);
    minY = Math.min(minY, place.y);
    maxX = Math.max(maxX, place.x);
    maxY = Math.max(maxY, place.y);
  }
  return {
    x: minX - AREA_MARGIN,
    y: minY - AREA_MARGIN,
    width: maxX - minX + 2 * AREA_MARGIN,
    height: maxY - minY + 2 * AREA_MARGIN,
  };
}

interface AreaLook {
  fill: string;
  picked: boolean;
  disabled: boolean;
  /** The lines inside the block: its name, then its counts. */
  lines: string[];
  /** The accessible name. */
  name: string;
}

/** The overview's counts of an area's places, the taken states first and the free last. */
function areaStateCounts(
  t: TFunction,
  area: StandingArea,
  states: ReadonlyMap<string, SeatMapState>,
) {
  const counts = new Map<string, number>();
  for (const place of area.places) {
    const state = stateOf(states, place.label);
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  const known = SEAT_STATES as readonly string[];
  const order = [
    ...known.filter((state) => state !== 'free'),
    ...[...counts.keys()].filter((state) => !known.includes(state)),
    'free',
  ];
  return order
    .filter((state) => counts.has(state))
    .map((state) =>
      t('seats.map.areaState', {
        state: known.includes(state) ? t(`seats.legend.states.${state}`) : state,
        count: counts.get(state),
      }),
    );
}

function areaLookOf(
  t: TFunction,
  chart: Chart,
  area: StandingArea,
  states: ReadonlyMap<string, SeatMapState>,
  mode: SeatMapMode,
  categories: readonly string[] | undefined,
  clickable: boolean,
): AreaLook {
  if (mode === 'overview') {
    const counts = areaStateCounts(t, area, states);
    return {
      fill: AREA_NEUTRAL_COLOR,
      picked: false,
      disabled: !clickable,
      lines: [area.section, counts.join(' · ')],
      name: t('seats.map.area', { section: area.section, counts: counts.join(', ') }),
    };
  }
  const { free, mine } = areaCounts(area, states, categories);
  const forThisTicket =
    !categories || (area.categoryKey !== null && categories.includes(area.categoryKey));
  const spoken = forThisTicket
    ? [t('seats.map.areaFree', { count: free })]
    : [t('seats.state.otherCategory')];
  const lines = [
    area.section,
    forThisTicket
      ? t('seats.map.areaFreeShort', { count: free })
      : t('seats.map.areaOtherCategory'),
  ];
  if (mine > 0) {
    spoken.push(t('seats.map.areaMine', { count: mine }));
    lines.push(t('seats.map.areaMineShort', { count: mine }));
  }
  return {
    fill: forThisTicket && free > 0 ? categoryColor(chart, area.categoryKey) : UNAVAILABLE_COLOR,
    picked: mine > 0,
    // A session's places can be given back even when no more can be had.
    disabled: !clickable || (mine === 0 && (!forThisTicket || free === 0)),
    lines,
    name: t('seats.map.area', { section: area.section, counts: spoken.join(', ') }),
  };
}

interface AreaBlockProps {
  id: string;
  index: number;
  bounds: ViewBox;
  look: AreaLook;
  selectable: boolean;
}

/** A standing area: one block (and one option) for all its places. */
function AreaBlock({ id, index, bounds, look, selectable }: AreaBlockProps) {
  const classes = ['tb-seat', 'tb-seat-area'];
  if (look.picked) classes.push('tb-seat-picked');
  if (look.disabled) classes.push('tb-seat-disabled');
  const lineHeight = Math.max(0.4, Math.min(1.1, bounds.height / (look.lines.length + 1)));
  const top = bounds.y + bounds.height / 2 - ((look.lines.length - 1) * lineHeight) / 2;
  const centre = bounds.x + bounds.width / 2;
  return (
    <g
      id={id}
      role="option"
      aria-label={look.name}
      aria-selected={selectable ? look.picked : undefined}
      aria-disabled={look.disabled || undefined}
      data-area={index}
      className={classes.join(' ')}
    >
      <rect
        x={bounds.x}
        y={bounds.y}
        width={bounds.width}
        height={bounds.height}
        rx={Math.min(0.8, bounds.height / 4)}
        fill={look.fill}
      />
      <text className="tb-seat-area-text" fill={textColorOn(look.fill)} aria-hidden="true">
        {look.lines.map((line, row) => {
          // A line as wide as the block at most (a glyph is about 0.55 of the font size wide).
          const size = Math.min(
            lineHeight * (row === 0 ? 0.85 : 0.7),
            (bounds.width * 0.9) / Math.max(1, line.length * 0.55),
          );
          return (
            <tspan
              key={row}
              x={centre}
              y={top + row * lineHeight}
              fontSize={size}
              fontWeight={row === 0 ? 600 : undefined}
            >
              {line}
            </tspan>
          );
        })}
      </text>
    </g>
  );
}

/** Where the keyboard can go: a seat (by its index in the chart) or a standing area. */
type Target = { x: number; y: number } & (
  { seat: number; area?: undefined } | { area: number; seat?: undefined }
);

/**
 * The seat map (issue 16): the chart's seats as circles in their category's (or, in the
 * overview, their state's) colour, section names, a legend, zoom (wheel, buttons) and pan (drag).
 * It is a listbox: focusable, the arrow keys move to the nearest seat that way, Enter or Space
 * picks it, and each seat is named ('Plads N1-12, Tribune Nord, ledig'). Each seat is drawn by a
 * memoised element and the map holds no state per seat, so a chart of thousands stays smooth.
 * A standing area is drawn as one block with its counts, one option that `onAreaClick` is told of:
 * its places have no number to choose.
 */
export function SeatMap({
  chart,
  states,
  mode,
  categories,
  prices,
  onToggle,
  onSeatClick,
  onAreaClick,
  onActivity,
  label,
  sectionCounts = true,
}: SeatMapProps) {
  const { t } = useTranslation();
  const idBase = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>(HOME);
  /** How far the map zooms in: further than MAX_SCALE when a phone needs it for thumb-sized seats. */
  const [maxScale, setMaxScale] = useState(MAX_SCALE);
  const opened = useRef(false);
  const [focused, setFocused] = useState<number | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const seats = chart.seats;
  const areas = useMemo(() => standingAreasOf(chart), [chart]);
  const areaBounds = useMemo(() => areas.map(areaBoundsOf), [areas]);
  /** The seats and areas in the chart's order: what the keys move between. */
  const targets = useMemo(() => {
    const found: Target[] = [];
    const areaIndex = new Map(areas.map((area, index) => [area.section, index]));
    const areasPut = new Set<number>();
    seats.forEach((seat, index) => {
      if (!isStandingPlace(seat)) {
        found.push({ x: seat.x, y: seat.y, seat: index });
        return;
      }
      const area = areaIndex.get(seat.section);
      const bounds = area === undefined ? undefined : areaBounds[area];
      if (area === undefined || !bounds || areasPut.has(area)) return;
      areasPut.add(area);
      found.push({ x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2, area });
    });
    return found;
  }, [areaBounds, areas, seats]);
  const targetOfSeat = useMemo(
    () =>
      new Map(
        targets.flatMap((target, index) =>
          target.seat === undefined ? [] : [[target.seat, index]],
        ),
      ),
    [targets],
  );

  const box = useMemo(() => viewBoxOf(seats), [seats]);
  const sectionLabels = useMemo(
    () =>
      // A standing area's name is in its block.
      sectionLabelsOf(seats.filter((seat) => !isStandingPlace(seat))).map((section) => (
        <text
          key={section.name}
          x={section.x}
          y={section.y}
          className="tb-seatmap-section"
          aria-hidden="true"
        >
          {section.name}
        </text>
      )),
    [seats],
  );
  const seatId = useCallback((index: number) => `${idBase}-seat-${index}`, [idBase]);
  const targetId = useCallback(
    (target: Target) =>
      target.area === undefined ? seatId(target.seat) : `${idBase}-area-${target.area}`,
    [idBase, seatId],
  );
  /**
   * Draws a seat in its state. Each seat's element is kept while its state stays, so a change of
   * a few seats builds (and React compares) only those: a name costs a translation.
   */
  const drawSeat = useMemo(() => {
    const drawn = new Map<string, { state: SeatMapState; element: ReactElement }>();
    return (seat: Seat, index: number, state: SeatMapState) => {
      const before = drawn.get(seat.id);
      if (before?.state === state) return before.element;
      const look = lookOf(t, chart, seat, state, mode, categories);
      const name = t(seat.accessible ? 'seats.map.seatAccessible' : 'seats.map.seat', {
        label: seat.label,
        section: seat.section,
        state: look.stateText,
      });
      const element = (
        <SeatDot
          key={seat.id}
          id={seatId(index)}
          index={index}
          x={seat.x}
          y={seat.y}
          fill={look.fill}
          picked={look.picked}
          disabled={look.disabled}
          accessible={seat.accessible}
          name={name}
          selectable={mode === 'pick'}
        />
      );
      drawn.set(seat.id, { state, element });
      return element;
    };
  }, [chart, mode, categories, t, seatId]);
  const seatLayer = useMemo(
    () =>
      seats.map((seat, index) =>
        isStandingPlace(seat) ? null : drawSeat(seat, index, stateOf(states, seat.label)),
      ),
    [seats, states, drawSeat],
  );
  const areaLooks = useMemo(
    () =>
      areas.map((area) =>
        areaLookOf(t, chart, area, states, mode, categories, onAreaClick !== undefined),
      ),
    [areas, categories, chart, mode, onAreaClick, states, t],
  );
  const areaLayer = areas.map((area, index) => {
    const bounds = areaBounds[index];
    const look = areaLooks[index];
    if (!bounds || !look) return null;
    return (
      <AreaBlock
        key={area.section}
        id={`${idBase}-area-${index}`}
        index={index}
        bounds={bounds}
        look={look}
        selectable={mode === 'pick'}
      />
    );
  });

  /** Pixels per chart unit and where the drawing starts in the element (it keeps its aspect). */
  const geometry = useCallback(() => {
    const rect = svgRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    const pixels = Math.min(rect.width / box.width, rect.height / box.height);
    return {
      pixels,
      left: rect.left + (rect.width - box.width * pixels) / 2,
      top: rect.top + (rect.height - box.height * pixels) / 2,
    };
  }, [box]);

  const zoomBy = useCallback(
    (factor: number, clientX?: number, clientY?: number) => {
      const place = geometry();
      const cx =
        place && clientX !== undefined
          ? box.x + (clientX - place.left) / place.pixels
          : box.x + box.width / 2;
      const cy =
        place && clientY !== undefined
          ? box.y + (clientY - place.top) / place.pixels
          : box.y + box.height / 2;
      // The view's transform applies around the drawing's origin: zoom around the point relative to it.
      setView((before) => zoomed(before, factor, cx, cy, maxScale));
      onActivity?.();
    },
    [box, geometry, maxScale, onActivity],
  );

  // On a phone the whole stadium draws a seat a pixel or two wide: the picker opens on a section
  // instead, zoomed so its seats can be hit with a thumb. The layout size (clientWidth) is read, not
  // the bounding box, which the dialog's opening animation scales.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (opened.current || mode !== 'pick' || !svg || svg.clientWidth === 0) return;
    opened.current = true;
    // A phone's screen, not a narrow dialog on a desk's screen (the point of sale keeps the chart).
    if (svg.clientWidth > NARROW_MAP_PIXELS || window.innerWidth > NARROW_MAP_PIXELS) return;
    const pixels = Math.min(svg.clientWidth / box.width, svg.clientHeight / box.height);
    const seatPixels = 2 * SEAT_RADIUS * pixels;
    if (seatPixels >= THUMB_SEAT_PIXELS) return;
    const opening = openingSectionOf(seats, states, categories);
    if (!opening) return;
    const scale = THUMB_SEAT_PIXELS / seatPixels;
    setMaxScale(Math.max(MAX_SCALE, scale * 2));
    setView({
      scale,
      x: box.x + box.width / 2 - opening.x * scale,
      y: box.y + box.height / 2 - opening.y * scale,
    });
  }, [box, categories, mode, seats, states]);

  // The wheel zooms the map, not the page: React's wheel listener is passive and cannot stop it.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      zoomBy(Math.exp(-event.deltaY * 0.002), event.clientX, event.clientY);
    };
    svg.addEventListener('wheel', wheel, { passive: false });
    return () => svg.removeEventListener('wheel', wheel);
  }, [zoomBy]);

  const choose = useCallback(
    (index: number) => {
      const target = targets[index];
      if (target?.area !== undefined) {
        const area = areas[target.area];
        if (area && !areaLooks[target.area]?.disabled) onAreaClick?.(area.section);
        return;
      }
      const seat = target && seats[target.seat];
      if (!seat) return;
      const state = stateOf(states, seat.label);
      if (mode === 'pick') {
        if (isPickable(state, seat.categoryKey, categories)) onToggle?.(seat);
      } else {
        onSeatClick?.(seat, state);
      }
    },
    [
      areaLooks,
      areas,
      categories,
      mode,
      onAreaClick,
      onSeatClick,
      onToggle,
      seats,
      states,
      targets,
    ],
  );

  /** Pans so the focused seat (or area) is in sight. */
  const keepInSight = useCallback(
    (index: number) => {
      const seat = targets[index];
      if (!seat) return;
      setView((before) => {
        const shownX = before.x + seat.x * before.scale;
        const shownY = before.y + seat.y * before.scale;
        const margin = before.scale;
        let { x, y } = before;
        if (shownX < box.x + margin) x += box.x + margin - shownX;
        if (shownX > box.x + box.width - margin) x -= shownX - (box.x + box.width - margin);
        if (shownY < box.y + margin) y += box.y + margin - shownY;
        if (shownY > box.y + box.height - margin) y -= shownY - (box.y + box.height - margin);
        return x === before.x && y === before.y ? before : { ...before, x, y };
      });
    },
    [box, targets],
  );

  function firstFocus(): number | null {
    if (targets.length === 0) return null;
    const seatOf = (target: Target) => (target.seat === undefined ? undefined : seats[target.seat]);
    const picked = targets.findIndex((target) => {
      const seat = seatOf(target);
      if (seat) return stateOf(states, seat.label) === 'mine';
      const look = target.area === undefined ? undefined : areaLooks[target.area];
      return Boolean(look && look.picked && !look.disabled);
    });
    if (picked >= 0) return picked;
    const open = targets.findIndex((target) => {
      const seat = seatOf(target);
      if (seat) return isPickable(stateOf(states, seat.label), seat.categoryKey, categories);
      return target.area !== undefined && areaLooks[target.area]?.disabled === false;
    });
    return open >= 0 ? open : 0;
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const direction = DIRECTIONS[event.key];
    const current = focused ?? firstFocus();
    if (direction) {
      event.preventDefault();
      if (current === null) return;
      const next =
        focused === null ? current : (nearestSeat(targets, current, ...direction) ?? current);
      setFocused(next);
      keepInSight(next);
      onActivity?.();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      // The map sits in forms (the booking): its keys are its own.
      event.stopPropagation();
      if (current === null) return;
      setFocused(current);
      choose(current);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(ZOOM_STEP);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    } else if (event.key === '0') {
      event.preventDefault();
      setView(HOME);
    }
  }

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, moved: false };
    dragged.current = false;
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const start = drag.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    const place = geometry();
    if (!place) return;
    if (!start.moved) {
      start.moved = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    start.x = event.clientX;
    start.y = event.clientY;
    setView((before) => ({
      ...before,
      x: before.x + dx / place.pixels,
      y: before.y + dy / place.pixels,
    }));
  }

  function onPointerUp() {
    if (drag.current?.moved) {
      dragged.current = true;
      onActivity?.();
    }
    drag.current = null;
  }

  function onClick(event: MouseEvent<SVGSVGElement>) {
    if (dragged.current) {
      // The end of a drag is not a click on the seat under it.
      dragged.current = false;
      return;
    }
    const element = (event.target as Element).closest('[data-seat], [data-area]');
    if (!element) return;
    const area = element.getAttribute('data-area');
    const index =
      area === null
        ? targetOfSeat.get(Number(element.getAttribute('data-seat')))
        : targets.findIndex((target) => target.area === Number(area));
    if (index === undefined || index < 0) return;
    setFocused(index);
    choose(index);
  }

  const focusTarget = focused !== null && hasFocus ? targets[focused] : undefined;
  const focusArea = focusTarget?.area === undefined ? undefined : areaBounds[focusTarget.area];
  const selectable = mode === 'pick';

  return (
    <div className="tb-seatmap">
      <div className="tb-seatmap-tools" role="toolbar" aria-label={t('seats.map.zoom')}>
        <Button
          type="button"
          icon="pi pi-plus"
          rounded
          text
          aria-label={t('seats.map.zoomIn')}
          onClick={() => zoomBy(ZOOM_STEP)}
          disabled={view.scale >= maxScale}
        />
        <Button
          type="button"
          icon="pi pi-minus"
          rounded
          text
          aria-label={t('seats.map.zoomOut')}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          disabled={view.scale <= MIN_SCALE}
        />
        <Button
          type="button"
          icon="pi pi-refresh"
          rounded
          text
          aria-label={t('seats.map.reset')}
          onClick={() => setView(HOME)}
          disabled={view === HOME}
        />
      </div>
      <svg
        ref={svgRef}
        className="tb-seatmap-drawing"
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        role="listbox"
        aria-label={label ?? t('seats.map.label')}
        aria-multiselectable={selectable || undefined}
        aria-activedescendant={
          focused !== null && targets[focused] ? targetId(targets[focused]) : undefined
        }
        aria-describedby={`${idBase}-keys`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setHasFocus(true);
          if (focused === null) setFocused(firstFocus());
        }}
        onBlur={() => setHasFocus(false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={onClick}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
          {sectionLabels}
          {seatLayer}
          {areaLayer}
          {focusArea ? (
            <rect
              className="tb-seat-focus"
              x={focusArea.x - 0.18}
              y={focusArea.y - 0.18}
              width={focusArea.width + 0.36}
              height={focusArea.height + 0.36}
              rx={Math.min(0.8, focusArea.height / 4) + 0.18}
              aria-hidden="true"
            />
          ) : (
            focusTarget && (
              <circle
                className="tb-seat-focus"
                cx={focusTarget.x}
                cy={focusTarget.y}
                r={SEAT_RADIUS + 0.18}
                aria-hidden="true"
              />
            )
          )}
        </g>
      </svg>
      <p id={`${idBase}-keys`} className="tb-visually-hidden">
        {t('seats.map.keys')}
      </p>
      <SeatLegend
        chart={chart}
        states={states}
        mode={mode}
        categories={categories}
        prices={prices}
      />
      {mode === 'overview' && sectionCounts && <SectionCounts chart={chart} states={states} />}
    </div>
  );
}

interface LegendProps {
  chart: Chart;
  states: ReadonlyMap<string, SeatMapState>;
  mode: SeatMapMode;
  categories?: readonly string[];
  prices?: Readonly<Record<string, number>>;
}

function Swatch({ color, picked }: { color: string; picked?: boolean }) {
  return (
    <span
      className={picked ? 'tb-seat-swatch tb-seat-swatch-picked' : 'tb-seat-swatch'}
      style={{ background: color }}
      aria-hidden="true"
    />
  );
}

/** The categories with colour and price; in the overview, every state with its count. */
const SeatLegend = memo(function SeatLegend({
  chart,
  states,
  mode,
  categories,
  prices,
}: LegendProps) {
  const { t } = useTranslation();
  const shown = chart.categories.filter(
    (category) => !categories || categories.includes(category.key),
  );
  const counts = useMemo(() => countByState(chart, states), [chart, states]);
  const anyAccessible = chart.seats.some((seat) => seat.accessible);
  return (
    <ul className="tb-seatmap-legend" aria-label={t('seats.legend.label')}>
      {shown.map((category) => {
        const price = prices?.[category.key];
        return (
          <li key={category.key}>
            <Swatch color={category.color} />
            <span>{category.label}</span>
            {category.accessible && (
              <span aria-label={t('seats.legend.accessibleCategory')}>♿</span>
            )}
            {price !== undefined && <span className="tb-seatmap-price">{formatOre(price)}</span>}
          </li>
        );
      })}
      {mode === 'pick' && (
        <>
          <li>
            <Swatch color="transparent" picked />
            <span>{t('seats.legend.picked')}</span>
          </li>
          <li>
            <Swatch color={UNAVAILABLE_COLOR} />
            <span>{t('seats.legend.unavailable')}</span>
          </li>
        </>
      )}
      {mode === 'overview' &&
        SEAT_STATES.map((state) => (
          <li key={state}>
            <Swatch color={STATE_COLORS[state]} />
            <span>{t(`seats.legend.states.${state}`)}</span>
            <span className="tb-seatmap-count">{counts.total.get(state) ?? 0}</span>
          </li>
        ))}
      {anyAccessible && (
        <li>
          <span className="tb-seat-swatch-glyph" aria-hidden="true">
            ♿
          </span>
          <span>{t('seats.legend.accessible')}</span>
        </li>
      )}
    </ul>
  );
});

function countByState(chart: Chart, states: ReadonlyMap<string, SeatMapState>) {
  const total = new Map<string, number>();
  const bySection = new Map<string, Map<string, number>>();
  for (const seat of chart.seats) {
    const state = stateOf(states, seat.label);
    total.set(state, (total.get(state) ?? 0) + 1);
    let section = bySection.get(seat.section);
    if (!section) {
      section = new Map();
      bySection.set(seat.section, section);
    }
    section.set(state, (section.get(state) ?? 0) + 1);
  }
  return { total, bySection };
}

/** The overview's counts: a row per section, a column per state that occurs. */
const SectionCounts = memo(function SectionCounts({
  chart,
  states,
}: {
  chart: Chart;
  states: ReadonlyMap<string, SeatMapState>;
}) {
  const { t } = useTranslation();
  const counts = useMemo(() => countByState(chart, states), [chart, states]);
  const known = SEAT_STATES.filter((state) => counts.total.has(state));
  const others = [...counts.total.keys()].filter(
    (state) => !(SEAT_STATES as readonly string[]).includes(state),
  );
  const columns = [...known, ...others];
  return (
    <table className="tb-seatmap-counts" aria-label={t('seats.counts.label')}>
      <thead>
        <tr>
          <th scope="col">{t('seats.counts.section')}</th>
          {columns.map((state) => (
            <th key={state} scope="col">
              {(SEAT_STATES as readonly string[]).includes(state)
                ? t(`seats.legend.states.${state}`)
                : state}
            </th>
          ))}
          <th scope="col">{t('seats.counts.total')}</th>
        </tr>
      </thead>
      <tbody>
        {[...counts.bySection].map(([section, byState]) => (
          <tr key={section}>
            <th scope="row">{section}</th>
            {columns.map((state) => (
              <td key={state}>{byState.get(state) ?? 0}</td>
            ))}
            <td>{[...byState.values()].reduce((sum, count) => sum + count, 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
