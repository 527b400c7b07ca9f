import {
  DndContext,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { RotateCcw, Save } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import { timeRange } from "~/components/site/schedule/timetable";
import { Button } from "~/components/ui/button";
import { ADMIN_GRID } from "~/domains/content/defaults";
import { FRENCH_WEEKDAYS, weekdayIndex } from "~/core/club-time";
import {
  displayPosition,
  GRID_HEIGHT_PX,
  movePosition,
  shiftTimes,
  timeShiftRange,
  timeToPercent,
  type ClassTimes,
  type GridPosition,
} from "~/domains/schedule/schedule-position";
import { toMinutes } from "~/core/time-of-day";
import type { action } from "~/routes/admin/schedule/schedule.server";
import { readableTextColour } from "~/domains/schedule/timetable";
import type { Activity } from "~/domains/schedule/schedule.server";
import { UnsavedBanner, useUnsavedChangesGuard } from "~/components/admin/forms/unsaved-changes";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { useFamiliesQuestion } from "~/components/admin/schedule/families-question";

const HOURS = Array.from(
  { length: ADMIN_GRID.endHour - ADMIN_GRID.startHour + 1 },
  (_, i) => ADMIN_GRID.startHour + i,
);
const INSTRUCTIONS =
  "Flèches haut et bas : avancer ou retarder le cours de 15 min (avec Maj : 1 h). Flèches gauche et droite : décaler le bloc de 1 % (avec Maj : 5 %). À la souris : faites-le glisser dans sa colonne, la hauteur est l'heure du cours. Puis « Sauvegarder les positions ».";

/** Where a block is drawn: its horizontal place and its hours (the vertical axis is time). */
interface Placement {
  position: GridPosition;
  times: ClassTimes;
}

interface DragData {
  activity: Activity;
  placement: Placement;
}

const MINUTES_PER_PX = 60 / ADMIN_GRID.hourHeightPx;

/** Keeps the dragged block inside x 0–70 % of its day column and within the grid's hours. */
const restrictToGrid: Modifier = ({ transform, active, containerNodeRect }) => {
  const data = active?.data.current as DragData | undefined;
  if (!data || !containerNodeRect) return transform;
  const { width } = containerNodeRect;
  const x = data.placement.position.position_x;
  const range = timeShiftRange(data.placement.times);
  const clampTo = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
  return {
    ...transform,
    x: clampTo(transform.x, (-x * width) / 100, ((ADMIN_GRID.maxX - x) * width) / 100),
    y: clampTo(transform.y, range.up / MINUTES_PER_PX, range.down / MINUTES_PER_PX),
  };
};

function describe(title: string, { position, times }: Placement): string {
  return `${title} : ${timeRange(times.start_time, times.end_time)}, ${position.position_x} % depuis la gauche`;
}

/** Positionnement Visuel: each activity is a block dragged within its day column. */
export function ScheduleGrid({ activities }: { activities: Activity[] }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const question = useFamiliesQuestion(fetcher, "Ce déplacement");
  const [moved, setMoved] = useState<Record<number, Placement>>({});
  const [status, setStatus] = useState("");
  const dirty = Object.keys(moved).length > 0;
  const scroller = useScrollToFirstClass(activities);
  const leaveDialog = useUnsavedChangesGuard(dirty);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
  );

  // Once saved (and the loader's data revalidated), the stored positions are the truth for
  // the blocks sent, unless dragged again meanwhile (each drag makes a new placement).
  // Adjusted during render, once per answer (https://react.dev/reference/react/useState#storing-information-from-previous-renders).
  const result = fetcher.data;
  const [sent, setSent] = useState<Record<number, Placement>>({});
  const [settled, setSettled] = useState<typeof result>(undefined);
  if (fetcher.state === "idle" && result && "stamps" in result && settled !== result) {
    setSettled(result);
    setMoved((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([id, placement]) => sent[+id] !== placement),
      ),
    );
  }

  const placementOf = (activity: Activity): Placement =>
    moved[activity.id] ?? {
      position: displayPosition(activity),
      times: { start_time: activity.start_time, end_time: activity.end_time },
    };

  function place(activity: Activity, placement: Placement) {
    setMoved((current) => ({ ...current, [activity.id]: placement }));
    setStatus(describe(activity.title, placement));
  }

  function onDragEnd({ active, delta }: DragEndEvent) {
    const data = active.data.current as DragData | undefined;
    const column = document.getElementById(`grille-${weekdayIndex(data?.activity.day ?? "")}`);
    if (!data || !column) return;
    // Percent of the column's inner box across; minutes down, at 70 px an hour.
    const { position, times } = data.placement;
    place(data.activity, {
      position: movePosition(position, (delta.x / column.clientWidth) * 100, 0),
      times: shiftTimes(times, delta.y * MINUTES_PER_PX),
    });
  }

  function save() {
    const positions = activities
      .filter((activity) => moved[activity.id])
      .map((activity) => {
        const { position, times } = moved[activity.id]!;
        return { id: activity.id, ...position, ...times, updated_at: activity.updated_at };
      });
    setSent(moved);
    fetcher.submit(
      { intent: "positions", positions: JSON.stringify(positions) },
      { method: "post" },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-gray-700">{INSTRUCTIONS}</p>
        <UnsavedBanner dirty={dirty} />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={save} disabled={!dirty} busy={fetcher.state !== "idle"}>
            <Save aria-hidden="true" className="size-4" />
            Sauvegarder les positions
          </Button>
          <Button
            variant="secondary"
            disabled={!dirty || fetcher.state !== "idle"}
            onClick={() => {
              setMoved({});
              setStatus("Déplacements annulés");
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Annuler les déplacements
          </Button>
          <p aria-live="polite" className="text-sm font-medium text-ink">
            {status}
          </p>
        </div>
      </div>

      <DndContext
        id="grille-planning"
        sensors={sensors}
        modifiers={[restrictToGrid]}
        onDragEnd={onDragEnd}
        // Slow, even scrolling near the region's edges: the default acceleration carried a
        // block from the middle of the day to the bottom in one gesture.
        autoScroll={{ threshold: { x: 0.1, y: 0.1 }, acceleration: 2, interval: 10 }}
        accessibility={{
          screenReaderInstructions: { draggable: INSTRUCTIONS },
          announcements: {
            onDragStart: ({ active }) =>
              `${(active.data.current as DragData).activity.title} saisi`,
            onDragOver: () => undefined,
            onDragEnd: ({ active }) => `${(active.data.current as DragData).activity.title} déposé`,
            onDragCancel: () => "Déplacement annulé",
          },
        }}
      >
        <div
          ref={scroller}
          className="max-h-[75vh] overflow-auto overscroll-contain rounded-lg border border-gray-200 bg-white shadow-sm"
          role="region"
          aria-label="Grille du planning, de 6 h à 23 h"
          tabIndex={0}
        >
          <div className="grid min-w-[60rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
            <div className="sticky top-0 left-0 z-40 border-r border-b border-gray-200 bg-gray-50" />
            {FRENCH_WEEKDAYS.map((day) => (
              <div
                key={day}
                className="sticky top-0 z-30 border-b border-l border-gray-200 bg-gray-50 px-2 py-2 text-center text-sm font-bold text-ink"
              >
                {day}
              </div>
            ))}
            <div
              className="sticky left-0 z-20 border-r border-gray-200 bg-gray-50"
              style={{ height: GRID_HEIGHT_PX }}
              aria-hidden="true"
            >
              {HOURS.map((hour, index) => (
                <span
                  key={hour}
                  className="absolute right-1.5 text-xs font-medium text-gray-700 tabular-nums"
                  style={{
                    top: index * ADMIN_GRID.hourHeightPx,
                    transform:
                      index === 0
                        ? undefined
                        : index === HOURS.length - 1
                          ? "translateY(-100%)"
                          : "translateY(-50%)",
                  }}
                >
                  {`${String(hour).padStart(2, "0")}:00`}
                </span>
              ))}
            </div>
            {FRENCH_WEEKDAYS.map((day, dayIndex) => (
              <section
                key={day}
                id={`grille-${dayIndex}`}
                aria-label={day}
                className="relative border-l border-gray-200"
                style={{
                  height: GRID_HEIGHT_PX,
                  backgroundImage: `repeating-linear-gradient(to bottom, #e5e7eb 0 1px, transparent 1px ${ADMIN_GRID.hourHeightPx}px)`,
                }}
              >
                {activities
                  .filter((activity) => weekdayIndex(activity.day) === dayIndex)
                  .map((activity) => (
                    <GridBlock
                      key={activity.id}
                      activity={activity}
                      placement={placementOf(activity)}
                      moved={activity.id in moved}
                      onMove={(position) => place(activity, position)}
                    />
                  ))}
              </section>
            ))}
          </div>
        </div>
      </DndContext>
      {leaveDialog}
      {question}
    </div>
  );
}

/**
 * The grid's scrolling region, brought to the first class of the week (less half an hour)
 * the first time it is shown: evening classes are not left below 06:00–15:00. The tab is
 * mounted hidden, so this waits until the region has a size.
 */
function useScrollToFirstClass(activities: Activity[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const starts = activities.flatMap((activity) => toMinutes(activity.start_time) ?? []);
  const first = starts.length > 0 ? Math.min(...starts) : null;
  useEffect(() => {
    const region = scroller.current;
    if (!region || first === null) return;
    const observer = new ResizeObserver(() => {
      if (region.clientHeight === 0) return;
      observer.disconnect();
      const minutes = Math.max(0, first - ADMIN_GRID.startHour * 60 - 30);
      region.scrollTop = (minutes / 60) * ADMIN_GRID.hourHeightPx;
    });
    observer.observe(region);
    return () => observer.disconnect();
    // Once per mount: a save must not scroll the grid away from the block just moved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return scroller;
}

function blockHeightPx(times: ClassTimes): number {
  const from = toMinutes(times.start_time);
  const to = toMinutes(times.end_time);
  const minutes = from !== null && to !== null && to > from ? to - from : 60;
  return Math.max(28, (minutes / 60) * ADMIN_GRID.hourHeightPx);
}

function GridBlock({
  activity,
  placement,
  moved,
  onMove,
}: {
  activity: Activity;
  placement: Placement;
  moved: boolean;
  onMove: (placement: Placement) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: activity.id,
    data: { activity, placement } satisfies DragData,
    attributes: { roleDescription: "bloc déplaçable" },
  });
  const { position, times } = placement;
  // While dragged, the block shows the time it would be dropped at.
  const shown = transform ? shiftTimes(times, transform.y * MINUTES_PER_PX) : times;
  const time = timeRange(times.start_time, times.end_time);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 5 : 1;
    const minutes = event.shiftKey ? 60 : 15;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -minutes],
      ArrowDown: [0, minutes],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onMove({
      position: movePosition(position, move[0], 0),
      times: shiftTimes(times, move[1]),
    });
  }

  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      aria-label={`${activity.title}, ${activity.day} ${time}`}
      data-testid="grid-block"
      className={`absolute flex touch-manipulation flex-col overflow-hidden rounded-md px-2 py-1 text-left text-xs shadow-sm outline-none select-none focus-visible:ring-4 focus-visible:ring-ink focus-visible:ring-offset-1 ${
        isDragging ? "z-20 cursor-grabbing shadow-lg" : "z-10 cursor-grab"
      } ${moved ? "ring-2 ring-gold-dark ring-offset-1" : ""}`}
      style={{
        left: `${position.position_x}%`,
        top: `${timeToPercent(times.start_time)}%`,
        // Drawn inside its column; the stored width stays as saved.
        width: `${Math.min(position.width, 100 - position.position_x)}%`,
        height: blockHeightPx(times),
        backgroundColor: activity.color,
        color: readableTextColour(activity.color),
        transform: CSS.Translate.toString(transform),
      }}
    >
      <span className="line-clamp-2 font-bold [overflow-wrap:anywhere]">{activity.title}</span>
      <span className="tabular-nums">{timeRange(shown.start_time, shown.end_time)}</span>
    </div>
  );
}
