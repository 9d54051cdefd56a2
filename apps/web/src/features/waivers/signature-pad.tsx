import { useEffect, useId, useRef } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { SIGNATURE_BOX } from '@kinetic/shared';

/**
 * A box to sign in with a finger, pen or mouse; the drawing is kept as SVG path data in a 600×200 box
 * (M and L commands), the same the server stores and prints in the PDF. People who cannot draw choose
 * "Type my name" beside it (the form's keyboard alternative).
 */
export function SignaturePad({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (path: string) => void;
  error?: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const hintId = useId();
  const drawing = useRef(false);
  const path = useRef(value);

  useEffect(() => {
    path.current = value;
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, SIGNATURE_BOX.width, SIGNATURE_BOX.height);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1f2433';
    context.beginPath();
    for (const command of value.match(/[ML] -?[\d.]+ -?[\d.]+/g) ?? []) {
      const [x, y] = command.slice(2).split(' ').map(Number) as [number, number];
      if (command[0] === 'M') context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.stroke();
  }, [value]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * SIGNATURE_BOX.width;
    const y = ((event.clientY - box.top) / box.height) * SIGNATURE_BOX.height;
    const clamp = (n: number, max: number) => Math.round(Math.min(Math.max(n, 0), max) * 10) / 10;
    return `${clamp(x, SIGNATURE_BOX.width)} ${clamp(y, SIGNATURE_BOX.height)}`;
  };

  return (
    <Box>
      <Box
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-5)'}`,
          borderRadius: 8,
          background: 'white',
          touchAction: 'none',
          maxWidth: SIGNATURE_BOX.width,
        }}
      >
        <canvas
          ref={canvas}
          width={SIGNATURE_BOX.width}
          height={SIGNATURE_BOX.height}
          role="img"
          // Clear disables itself: the keyboard comes here, to the empty box, not to the top of the page.
          tabIndex={-1}
          aria-label={value ? 'Your drawn signature' : 'Signature box: draw your signature here'}
          // A refused signing focuses the box: its message is read with it.
          aria-describedby={error ? hintId : undefined}
          style={{ width: '100%', height: 'auto', display: 'block', cursor: 'crosshair' }}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            drawing.current = true;
            onChange(`${path.current ? `${path.current} ` : ''}M ${point(event)}`);
          }}
          onPointerMove={(event) => {
            if (drawing.current) onChange(`${path.current} L ${point(event)}`);
          }}
          onPointerUp={() => {
            drawing.current = false;
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="sm" c={error ? 'red.8' : 'dimmed'} id={hintId}>
          {error ?? 'Sign with your finger, a pen or the mouse.'}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            onChange('');
            canvas.current?.focus();
          }}
          disabled={!value}
        >
          Clear
        </Button>
      </Group>
    </Box>
  );
}
