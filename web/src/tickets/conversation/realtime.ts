/** The realtime hooks the conversation uses, imported in this one place from the app's realtime layer. */
export { useRealtimeEvent, useRealtimeRoom } from '../../realtime';
