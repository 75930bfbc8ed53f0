/** The Baileys WhatsApp provider (`beta`): see provider.ts. */
export { createBaileysProvider, type BaileysProviderOptions, type BaileysSocket } from './provider';
