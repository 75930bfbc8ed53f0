/**
 * dnd-kit's pointer sensor for the mouse and the pen only. A finger on a phone must scroll the lanes, so
 * touch goes to the touch sensor, which picks a card up after a short hold instead (KanbanLanes); were
 * both to answer a touch, a swipe across the board would start a drag.
 */
import { PointerSensor } from '@dnd-kit/core';
import type { PointerEvent } from 'react';

type PointerActivator = (typeof PointerSensor.activators)[number];

const pointerDown = PointerSensor.activators[0] as PointerActivator;

export class MousePenSensor extends PointerSensor {
  static override activators: PointerActivator[] = [
    {
      eventName: 'onPointerDown',
      handler: (event: PointerEvent, options) => event.nativeEvent.pointerType !== 'touch' && pointerDown.handler(event, options),
    },
  ];
}
