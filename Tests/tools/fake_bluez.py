#!/usr/bin/python3
"""A fake BlueZ for the sensor tests, with no radio: a private system bus (dbus-daemon) and
python-dbusmock's bluez5 template, with an adapter and four sensors whose GATT services and
characteristics are added through the mock's API, then driven from the command line.

Run with Debian's /usr/bin/python3 (python3-dbusmock, python3-dbus).

  fake_bluez.py start DIR [--no-bluez] [--no-adapter] [--powered-off] [--refuse-control]
      starts the bus and the mock in the background; prints the bus address (also DIR/address);
      with --refuse-control the trainer answers a request for control with `80 00 05`
      (control not permitted), as a trainer another app holds does
  fake_bluez.py notify BUS DEVICE KIND HEX [--count N] [--interval S]
      the characteristic KIND (hr, power, csc, bike, control) of DEVICE notifies HEX
  fake_bluez.py stream DIR DEVICE KIND VALUES --interval S
      in the background until stop (or until the device is disconnected or removed, when it
      pauses): the characteristic notifies every S seconds; VALUES is HEX, or HEX,HEX,… taken
      in turn, or crank:RPM (csc: a crank turning at RPM, its counters kept by the stream)
  fake_bluez.py sent DIR                   the notifications the streams have sent in all
  fake_bluez.py stop-streams DIR           ends every stream; the devices stay connected
  fake_bluez.py disconnect BUS DEVICE [--for S]
      the device drops (Connected and ServicesResolved false); with --for, it refuses to
      connect again for S seconds (its Connect fails), as a sensor out of range does
  fake_bluez.py remove BUS DEVICE          the device's object goes (InterfacesRemoved)
  fake_bluez.py calls BUS DEVICE KIND METHOD   the calls of METHOD on that object, as JSON
      (DEVICE `adapter` and KIND `-`: the adapter's)
  fake_bluez.py stop DIR                   stops everything started by start, removes nothing else

DEVICE is a sensor's address: AA:00:00:00:00:01 the heart rate strap, …02 the power meter,
…03 the speed/cadence sensor, …04 the trainer; …09 is a speaker that no scan lists.
"""

import json
import os
import signal
import subprocess
import sys
import time

import dbus

MOCK = 'org.freedesktop.DBus.Mock'
DEVICE = 'org.bluez.Device1'
SERVICE = 'org.bluez.GattService1'
CHARACTERISTIC = 'org.bluez.GattCharacteristic1'
OBJECT_MANAGER = 'org.freedesktop.DBus.ObjectManager'
ADAPTER = '/org/bluez/hci0'


def uuid(short):
    return '%08x-0000-1000-8000-00805f9b34fb' % short


# address, name, RSSI, service, [(kind, characteristic, flags, value)]
SENSORS = [
    ('AA:00:00:00:00:01', 'HRM Strap', -48, 0x180D, [('hr', 0x2A37, ['notify'], [])]),
    ('AA:00:00:00:00:02', 'Power Pedals', -61, 0x1818, [('power', 0x2A63, ['notify'], [])]),
    ('AA:00:00:00:00:03', 'Speed Cadence', -70, 0x1816, [('csc', 0x2A5B, ['notify'], [])]),
    ('AA:00:00:00:00:04', 'Smart Trainer', -55, 0x1826, [
        ('bike', 0x2AD2, ['notify'], []),
        # Fitness machine features: power target setting supported (target settings bit 3).
        ('features', 0x2ACC, ['read'], [0x02, 0x40, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00]),
        # Supported power range: 0 to 1500 W in steps of 1 W.
        ('range', 0x2AD8, ['read'], [0x00, 0x00, 0xDC, 0x05, 0x01, 0x00]),
        ('control', 0x2AD9, ['write', 'indicate'], []),
    ]),
]
SPEAKER = ('AA:00:00:00:00:09', 'Speaker', -40, 0x110B)


def device_path(address):
    return ADAPTER + '/dev_' + address.replace(':', '_').upper()


def characteristic_path(address, kind):
    for sensor in SENSORS:
        if sensor[0] == address.upper():
            for index, entry in enumerate(sensor[4]):
                if entry[0] == kind:
                    return device_path(address) + '/service000a/char%04x' % (0x0b + 2 * index)
    raise SystemExit('no characteristic %s on %s' % (kind, address))


def bus(address):
    return dbus.bus.BusConnection(address)


def mock(connection, path, interface=MOCK):
    return dbus.Interface(connection.get_object('org.bluez', path, introspect=False), interface)


def bluez_mock(connection):
    """The template's own API on the root object (AddAdapter, AddDevice)."""
    return mock(connection, '/', 'org.bluez.Mock')


# Code run by the mock: Connect connects and resolves the services (the template's does
# neither as BlueZ does); a characteristic's StartNotify and StopNotify; the control point
# answers each write with an indication `80 op 01` (success), or, when it refuses control,
# a request for control (op 0x00) with `80 00 05` (control not permitted).
CONNECT = (
    "self.UpdateProperties('org.bluez.Device1', {'Connected': dbus.Boolean(True)})\n"
    "self.UpdateProperties('org.bluez.Device1', {'ServicesResolved': dbus.Boolean(True)})\n")
DISCONNECT = (
    "self.UpdateProperties('org.bluez.Device1', {'ServicesResolved': dbus.Boolean(False)})\n"
    "self.UpdateProperties('org.bluez.Device1', {'Connected': dbus.Boolean(False)})\n")
START_NOTIFY = "self.UpdateProperties('org.bluez.GattCharacteristic1', {'Notifying': dbus.Boolean(True)})"
STOP_NOTIFY = "self.UpdateProperties('org.bluez.GattCharacteristic1', {'Notifying': dbus.Boolean(False)})"
READ_VALUE = "ret = dbus.Array(self.props['org.bluez.GattCharacteristic1']['Value'], signature='y')"
CONTROL_WRITE = (
    "self.UpdateProperties('org.bluez.GattCharacteristic1', "
    "{'Value': dbus.Array([0x80, args[0][0] if len(args[0]) else 0, %s], signature='y')})")
SUCCESS = '0x01'
REFUSE_CONTROL = '(0x05 if len(args[0]) and args[0][0] == 0x00 else 0x01)'


def announce(root, path, interface, props):
    """ObjectManager.InterfacesAdded for an object AddObject made (it emits none)."""
    interfaces = dbus.Dictionary({interface: dbus.Dictionary(props, signature='sv')}, signature='sa{sv}')
    root.EmitSignal(OBJECT_MANAGER, 'InterfacesAdded', 'oa{sa{sv}}', [dbus.ObjectPath(path), interfaces], signature='sssav')


def add_sensor(connection, root, template, result, address, name, rssi, service, characteristics):
    path = template.AddDevice('hci0', address, name, signature='sss')
    device = mock(connection, path)
    device.UpdateProperties(DEVICE, {
        'UUIDs': dbus.Array([uuid(service)], signature='s'),
        'RSSI': dbus.Int16(rssi),
    }, signature='sa{sv}')
    device.AddMethod(DEVICE, 'Connect', '', '', CONNECT, signature='sssss')
    device.AddMethod(DEVICE, 'Disconnect', '', '', DISCONNECT, signature='sssss')
    service_path = path + '/service000a'
    service_props = {'UUID': uuid(service), 'Device': dbus.ObjectPath(path), 'Primary': True}
    root.AddObject(service_path, SERVICE, service_props, [], signature='ssa{sv}a(ssss)')
    announce(root, service_path, SERVICE, service_props)
    for kind, number, flags, value in characteristics:
        char_path = characteristic_path(address, kind)
        props = {
            'UUID': uuid(number), 'Service': dbus.ObjectPath(service_path),
            'Value': dbus.Array(value, signature='y'), 'Notifying': False,
            'Flags': dbus.Array(flags, signature='s'),
        }
        write = CONTROL_WRITE % result if kind == 'control' else ''
        root.AddObject(char_path, CHARACTERISTIC, props, [
            ('StartNotify', '', '', START_NOTIFY),
            ('StopNotify', '', '', STOP_NOTIFY),
            ('ReadValue', 'a{sv}', 'ay', READ_VALUE),
            ('WriteValue', 'aya{sv}', '', write),
        ], signature='ssa{sv}a(ssss)')
        announce(root, char_path, CHARACTERISTIC, props)


def start(directory, options):
    config = os.path.join(directory, 'bus.conf')
    socket = os.path.join(directory, 'bus.socket')
    with open(config, 'w') as f:
        f.write('''<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=%s</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_type="method_return"/>
    <allow send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="signal"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
''' % socket)
    out = subprocess.run(
        ['dbus-daemon', '--config-file=' + config, '--fork', '--print-pid', '--print-address', '--nosyslog'],
        check=True, capture_output=True, text=True).stdout.split()
    address, pids = out[0], [int(out[1])]
    with open(os.path.join(directory, 'pids'), 'w') as f:
        f.write('%d\n' % pids[0])
    if '--no-bluez' not in options:
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=address)
        log = open(os.path.join(directory, 'mock.log'), 'w')
        child = subprocess.Popen(
            ['/usr/bin/python3', '-m', 'dbusmock', '--system', '-t', 'bluez5'],
            env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        with open(os.path.join(directory, 'pids'), 'a') as f:
            f.write('%d\n' % child.pid)
        connection = bus(address)
        deadline = time.monotonic() + 20
        while not connection.name_has_owner('org.bluez'):
            if time.monotonic() > deadline or child.poll() is not None:
                raise SystemExit('the mock BlueZ did not start: see ' + log.name)
            time.sleep(0.02)
        root = mock(connection, '/')
        template = bluez_mock(connection)
        if '--no-adapter' not in options:
            template.AddAdapter('hci0', 'fake', signature='ss')
            if '--powered-off' in options:
                mock(connection, ADAPTER).UpdateProperties('org.bluez.Adapter1', {'Powered': False}, signature='sa{sv}')
            result = REFUSE_CONTROL if '--refuse-control' in options else SUCCESS
            for sensor in SENSORS:
                add_sensor(connection, root, template, result, *sensor)
            speaker = template.AddDevice('hci0', SPEAKER[0], SPEAKER[1], signature='sss')
            mock(connection, speaker).UpdateProperties(DEVICE, {
                'UUIDs': dbus.Array([uuid(SPEAKER[3])], signature='s'), 'RSSI': dbus.Int16(SPEAKER[2])}, signature='sa{sv}')
    with open(os.path.join(directory, 'address'), 'w') as f:
        f.write(address)
    print(address)


def stop(directory):
    try:
        with open(os.path.join(directory, 'pids')) as f:
            pids = [int(line) for line in f if line.strip()]
    except FileNotFoundError:
        return
    for pid in reversed(pids):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    os.remove(os.path.join(directory, 'pids'))


def crank_values(rpm, interval):
    """A speed and cadence sensor's crank at `rpm`: the revolutions and the time of the last
    one (1/1024 s), both wrapping at 16 bits as the sensor's do."""
    seconds = 0.0
    while True:
        seconds += interval
        revolutions = int(seconds * rpm / 60)
        event = int(revolutions * 60 / rpm * 1024) if rpm > 0 else 0
        yield bytes([0x02]) + (revolutions % 65536).to_bytes(2, 'little') + (event % 65536).to_bytes(2, 'little')


def stream_values(values, interval):
    """The values a stream notifies, in turn, for ever."""
    if values.startswith('crank:'):
        yield from crank_values(float(values[len('crank:'):]), interval)
    packets = [bytes.fromhex(value) for value in values.split(',')]
    while True:
        yield from packets


def stream(directory, device, kind, values, interval):
    """Notifies in a child of its own, recorded with the others so that stop ends it, and in
    DIR/streams so that stop-streams does; each notification sent is counted in
    DIR/sent-PID (its number, written after each)."""
    with open(os.path.join(directory, 'address')) as f:
        address = f.read().strip()
    pid = os.fork()
    if pid:
        for name in ('pids', 'streams'):
            with open(os.path.join(directory, name), 'a') as f:
                f.write('%d\n' % pid)
        return
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    try:
        connection = bus(address)
        target = mock(connection, characteristic_path(device, kind))
        owner = dbus.Interface(connection.get_object('org.bluez', device_path(device), introspect=False),
                               'org.freedesktop.DBus.Properties')
        counter = os.path.join(directory, 'sent-%d' % os.getpid())
        sent = 0
        for packet in stream_values(values, interval):
            time.sleep(interval)
            value = dbus.Array(packet, signature='y')
            try:
                # A sensor sends only while connected, as a real one does.
                if owner.Get(DEVICE, 'Connected', signature='ss'):
                    target.UpdateProperties(CHARACTERISTIC, {'Value': value}, signature='sa{sv}')
                    sent += 1
                    with open(counter + '.new', 'w') as f:
                        f.write('%d' % sent)
                    os.replace(counter + '.new', counter)
            except dbus.exceptions.DBusException as error:
                if 'UnknownObject' not in str(error) and 'UnknownMethod' not in str(error):
                    raise
    finally:
        os._exit(0)


def sent(directory):
    """The notifications every stream started on DIR has sent."""
    total = 0
    for name in os.listdir(directory):
        if name.startswith('sent-') and not name.endswith('.new'):
            with open(os.path.join(directory, name)) as f:
                total += int(f.read() or 0)
    print(total)


def stop_streams(directory):
    """Ends the streams and waits until each is gone, so that nothing is sent afterwards."""
    path = os.path.join(directory, 'streams')
    try:
        with open(path) as f:
            pids = [int(line) for line in f if line.strip()]
    except FileNotFoundError:
        return
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    for pid in pids:
        # Not this process's children (the stream command that forked them has ended).
        deadline = time.monotonic() + 5
        while os.path.exists('/proc/%d' % pid) and time.monotonic() < deadline:
            try:
                with open('/proc/%d/stat' % pid) as f:
                    if f.read().rsplit(')', 1)[1].split()[0] == 'Z':
                        break
            except FileNotFoundError:
                break
            time.sleep(0.01)
    os.remove(path)
    with open(os.path.join(directory, 'pids')) as f:
        kept = [line for line in f if line.strip() and int(line) not in pids]
    with open(os.path.join(directory, 'pids'), 'w') as f:
        f.writelines(kept)


def plain(value):
    """A D-Bus value as JSON takes it: bytes as numbers, dictionaries by their texts."""
    if isinstance(value, dbus.Array) and value.signature == 'y':
        return [int(byte) for byte in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return str(value)


def option(arguments, name, default):
    if name in arguments:
        return type(default)(arguments[arguments.index(name) + 1])
    return default


def main(arguments):
    command = arguments[0]
    if command == 'start':
        try:
            return start(arguments[1], arguments[2:])
        except BaseException:
            stop(arguments[1])
            raise
    if command == 'stop':
        return stop(arguments[1])
    if command == 'sent':
        return sent(arguments[1])
    if command == 'stop-streams':
        return stop_streams(arguments[1])
    if command == 'stream':
        return stream(arguments[1], arguments[2], arguments[3], arguments[4], option(arguments, '--interval', 1.0))
    connection = bus(arguments[1])
    device = arguments[2]
    if command == 'notify':
        target = mock(connection, characteristic_path(device, arguments[3]))
        value = dbus.Array(bytes.fromhex(arguments[4]), signature='y')
        count, interval = option(arguments, '--count', 1), option(arguments, '--interval', 0.0)
        for index in range(count):
            if index:
                time.sleep(interval)
            target.UpdateProperties(CHARACTERISTIC, {'Value': value}, signature='sa{sv}')
    elif command == 'disconnect':
        target = mock(connection, device_path(device))
        away = option(arguments, '--for', 0.0)
        if away > 0:
            refuse = (
                "if __import__('time').time() < %f:\n"
                "    raise dbus.exceptions.DBusException('out of range', name='org.bluez.Error.Failed')\n"
                % (time.time() + away))
            target.AddMethod(DEVICE, 'Connect', '', '', refuse + CONNECT, signature='sssss')
        target.UpdateProperties(DEVICE, {'ServicesResolved': False}, signature='sa{sv}')
        target.UpdateProperties(DEVICE, {'Connected': False}, signature='sa{sv}')
    elif command == 'remove':
        root = mock(connection, '/')
        root.RemoveObject(device_path(device), signature='s')
        root.EmitSignal(OBJECT_MANAGER, 'InterfacesRemoved', 'oas', [device_path(device), [DEVICE]], signature='sssav')
    elif command == 'calls':
        path = ADAPTER if device == 'adapter' else characteristic_path(device, arguments[3])
        target = mock(connection, path)
        calls = target.GetMethodCalls(arguments[4], signature='s')
        print(json.dumps([[plain(arg) for arg in args] for _, args in calls]))
    else:
        raise SystemExit('unknown command ' + command)


if __name__ == '__main__':
    main(sys.argv[1:])
