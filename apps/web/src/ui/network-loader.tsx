import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useNetworkState } from '../app/network-context.tsx';

/** The spec's global loader: visible while any call that asked for it is pending. */
export function NetworkLoader() {
  const { showLoader, loaderTxt } = useNetworkState();
  if (!showLoader) return null;
  return (
    <Overlay fixed blur={1} backgroundOpacity={0.25} zIndex={400} center role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        {loaderTxt ? <Text fw={700}>{loaderTxt}</Text> : <Text className="visually-hidden">Loading</Text>}
      </Stack>
    </Overlay>
  );
}
