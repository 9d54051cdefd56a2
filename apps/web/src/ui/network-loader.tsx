import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useNetworkLoader } from '../app/network-context.tsx';

/** The spec's global loader: visible while any call that asked for it is pending. */
export function NetworkLoader() {
  const loaderTxt = useNetworkLoader();
  if (loaderTxt === null) return null;
  return (
    <Overlay fixed blur={1} backgroundOpacity={0.25} zIndex={400} center role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        {loaderTxt ? <Text fw={700}>{loaderTxt}</Text> : <Text className="visually-hidden">Loading</Text>}
      </Stack>
    </Overlay>
  );
}
