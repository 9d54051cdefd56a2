import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';

export function HomePage() {
  usePageTitle('');
  return (
    <Container size="sm" py="xl" component="main" id="main">
      <Stack gap="md">
        <Title order={1}>Kinetic</Title>
        <Text size="lg">Classes, clients and bookings for fitness studios and class businesses.</Text>
        <Group>
          <Button component={Link} to="/login">
            Log in
          </Button>
          <Button component={Link} to="/signup" variant="default">
            Create an account
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
