// esbuild bundles the styles the page imports into the bundle's CSS file.
declare module '*.css';
