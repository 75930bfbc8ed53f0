/** Stylesheets imported for their effect (Vite bundles them with the chunk that imports them); they export nothing the code reads. */
declare module '*.css';
