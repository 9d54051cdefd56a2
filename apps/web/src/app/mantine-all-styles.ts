// All of Mantine's styles, in its `mantine` cascade layer (see mantine-first-paint.css and mantine-styles.ts).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
