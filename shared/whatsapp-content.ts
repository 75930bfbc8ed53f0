/**
 * How messages that are not plain text or a file are kept in a message's `body` (spec 1 §2.5 renders
 * them): a location, a contact card and a call log. One definition for the session host that writes
 * them and the web that draws them.
 */

export interface LocationContent {
  readonly latitude: number;
  readonly longitude: number;
  /** The place's name or address when the sender shared one. */
  readonly description: string;
}

/** `geo:<lat>,<lng>` then, on a second line, the description (RFC 5870 form, readable as text too). */
export function locationBody(location: LocationContent): string {
  const head = `geo:${location.latitude},${location.longitude}`;
  return location.description === '' ? head : `${head}\n${location.description}`;
}

export function parseLocationBody(body: string): LocationContent | null {
  const [head = '', ...rest] = body.split('\n');
  const match = /^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(head.trim());
  if (match === null) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude, description: rest.join('\n').trim() };
}

/** A map link for a location (opens the user's map app or site). */
export function locationMapUrl(location: LocationContent): string {
  return `https://www.google.com/maps/search/?api=1&query=${location.latitude}%2C${location.longitude}`;
}

export interface ContactCard {
  readonly name: string;
  /** Digits of the first phone number on the card; '' when it has none. */
  readonly number: string;
}

/** A vcard message keeps the vCard text itself; this reads the name and first number of it. */
export function parseVcard(body: string): ContactCard {
  const lines = body.replace(/\r\n[ \t]/g, '').split(/\r?\n/);
  const value = (line: string) => line.slice(line.indexOf(':') + 1).trim();
  const fn = lines.find((line) => /^FN[;:]/i.test(line));
  const tel = lines.find((line) => /^(item\d+\.)?TEL[;:]/i.test(line));
  const waid = tel === undefined ? undefined : /waid=(\d+)/i.exec(tel)?.[1];
  return {
    name: fn === undefined ? '' : value(fn),
    number: waid ?? (tel === undefined ? '' : value(tel).replace(/\D/g, '')),
  };
}

/** Builds a vCard 3.0 for a contact card to send. */
export function vcardBody(card: ContactCard): string {
  return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${card.name}`, `TEL;type=CELL;waid=${card.number}:+${card.number}`, 'END:VCARD'].join('\n');
}

/** A call log's body: which kind of call the contact tried (the web translates it). */
export const CALL_LOG_BODIES = { voice: 'call:voice', video: 'call:video' } as const;
