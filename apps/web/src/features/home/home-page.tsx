import { Container, Stack, Text, Title } from '@mantine/core';

export function HomePage() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>Kinetic</Title>
        <Text size="lg">Classes, clients and bookings for fitness studios and class businesses.</Text>
      </Stack>
    </Container>
  );
}
