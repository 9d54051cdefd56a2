import { Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

interface AccountHeaderProps {
  userName: string;
  accountPath: string;
  onLogout: () => void;
  loggingOut: boolean;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The header's account corner: the user's name (to "My account") and Logout. */
export function AccountHeader({ userName, accountPath, onLogout, loggingOut }: AccountHeaderProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <UnstyledButton
        component={Link}
        to={accountPath}
        aria-label={`My account: ${userName}`}
        className="account-link"
      >
        <Group gap="xs" wrap="nowrap">
          <Avatar color="kinetic" radius="xl" size="md" aria-hidden>
            {initialsOf(userName)}
          </Avatar>
          <Text visibleFrom="sm" fw={700} size="sm" truncate maw={180}>
            {userName}
          </Text>
        </Group>
      </UnstyledButton>
      <Button variant="default" size="sm" onClick={onLogout} loading={loggingOut}>
        Logout
      </Button>
    </Group>
  );
}
