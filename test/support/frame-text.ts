/** The text of a realtime frame, as a WebSocket client receives it and as a unit test sees it posted. */
import type { PostToConnectionCommandInput } from '@aws-sdk/client-apigatewaymanagementapi';
import type { RawData } from 'ws';

/** A message a `ws` client received, as UTF-8 text: a Buffer (the default binaryType), fragments or an ArrayBuffer. */
export function messageText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

/** The `Data` a PostToConnectionCommand carried, as text: the publishers post JSON strings (bytes are read as UTF-8). */
export function postedText(data: PostToConnectionCommandInput['Data']): string {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  throw new Error(`PostToConnectionCommand carried neither text nor bytes: ${Object.prototype.toString.call(data)}`);
}
