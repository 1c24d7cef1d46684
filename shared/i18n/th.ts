import { admin } from './areas/admin.ts';
import { alarms } from './areas/alarms.ts';
import { catalogue } from './areas/catalogue.ts';
import { device } from './areas/device.ts';
import { fee } from './areas/fee.ts';
import { chargingProfile } from './areas/charging-profile.ts';
import { energyBox } from './areas/energy-box.ts';
import { deviceSend } from './areas/device-send.ts';
import { monitorConsole } from './areas/monitor-console.ts';
import { order } from './areas/order.ts';
import { reservation } from './areas/reservation.ts';
import { energy } from './areas/energy.ts';
import { fleet } from './areas/fleet.ts';
import { fleetConsole } from './areas/fleet-console.ts';
import { crm } from './areas/crm.ts';
import { driverApp } from './areas/driver-app.ts';
import { home } from './areas/home.ts';
import { revenue } from './areas/revenue.ts';
import { subscription } from './areas/subscription.ts';
import { subscriptionConsole } from './areas/subscription-console.ts';
import { readable } from './areas/readable.ts';
import { commands } from './areas/commands.ts';
import { commandConsole } from './areas/command-console.ts';
import { site } from './areas/site.ts';
import { siteConsole } from './areas/site-console.ts';
import { resources } from './areas/resources.ts';
import { system } from './areas/system.ts';
import { server } from './areas/server.ts';
import { shell } from './areas/shell.ts';
import type { Catalog } from './en.ts';

/** Thai (th-TH). */
export const th: Catalog = {
  app: {
    name: 'คอนโซลจัดการเครือข่ายสถานีชาร์จ',
  },
  header: {
    language: 'ภาษา',
  },
  status: {
    title: 'สถานะแพลตฟอร์ม',
    description: 'สถานะการทำงานของระบบหลังบ้านของคอนโซลและบริการที่ระบบใช้งาน',
    overall: 'สถานะโดยรวม',
    uptime: 'ระยะเวลาการทำงาน',
    services: 'บริการ',
    summary: 'บริการทำงานปกติ {{ok}} จาก {{total}} รายการ',
    autoRefresh: 'รีเฟรชอัตโนมัติทุก {{seconds}} วินาที',
    refreshing: 'กำลังรีเฟรช…',
    lastUpdated: 'อัปเดตล่าสุด {{time}}',
    loading: 'กำลังตรวจสอบสถานะแพลตฟอร์ม…',
    loadError: 'ไม่สามารถโหลดสถานะแพลตฟอร์มได้',
    staleWarning: 'การตรวจสอบครั้งล่าสุดล้มเหลว กำลังแสดงสถานะล่าสุดที่ทราบ',
    emptyTitle: 'ไม่มีรายงานบริการ',
    emptyDescription: 'แพลตฟอร์มตอบกลับแล้วแต่ยังไม่มีรายการบริการ ระบบอาจยังเริ่มต้นไม่เสร็จ',
    columns: {
      service: 'บริการ',
      status: 'สถานะ',
      detail: 'รายละเอียด',
    },
    states: {
      ok: 'ทำงานปกติ',
      starting: 'กำลังเริ่มต้น',
      degraded: 'ประสิทธิภาพลดลง',
      down: 'ใช้งานไม่ได้',
      unknown: 'ไม่ทราบสถานะ',
    },
  },
  duration: {
    days: '{{value}} วัน',
    hours: '{{value}} ชม.',
    minutes: '{{value}} นาที',
    seconds: '{{value}} วินาที',
  },
  errors: {
    network: 'เกิดข้อผิดพลาดของเครือข่าย โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
    timeout: 'คำขอหมดเวลา โปรดลองอีกครั้ง',
    notFound: 'ไม่พบ URL ที่ร้องขอ',
    server: 'เซิร์ฟเวอร์แจ้งข้อผิดพลาด (HTTP {{status}}) โปรดลองอีกครั้งภายหลัง',
    badResponse: 'เซิร์ฟเวอร์ส่งการตอบกลับที่คอนโซลไม่เข้าใจ',
  },
  actions: {
    retry: 'ลองอีกครั้ง',
    reload: 'โหลดหน้าใหม่',
    backHome: 'กลับหน้าหลัก',
  },
  notFound: {
    title: 'ไม่พบหน้าที่ต้องการ',
    description: 'หน้าที่คุณกำลังค้นหาไม่มีอยู่หรือถูกย้ายไปแล้ว',
  },
  noAccess: {
    title: 'คุณไม่มีสิทธิ์เข้าถึงหน้านี้',
    description: 'เมนูของบัญชีคุณไม่มีหน้านี้ โปรดขอสิทธิ์จากผู้ดูแลระบบ หรือกลับไปที่หน้าแรก',
  },
  routeError: {
    title: 'เกิดข้อผิดพลาด',
    description: 'ไม่สามารถแสดงหน้านี้ได้ โปรดโหลดหน้าใหม่หรือกลับไปที่หน้าหลัก',
  },
  validation: {
    unknownField: 'ไม่รับฟิลด์นี้',
    required: 'กรุณากรอกข้อมูลในช่องนี้',
    tooLong: 'ข้อมูลยาวเกินไป',
    passwordRule: 'อย่างน้อย 8 ตัวอักษร โดยมีตัวอักษรอย่างน้อย 1 ตัวและตัวเลขอย่างน้อย 1 ตัว',
    passwordMismatch: 'รหัสผ่านทั้งสองไม่ตรงกัน',
    passwordSame: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
    phoneFormat: 'รูปแบบหมายเลขโทรศัพท์ไม่ถูกต้อง',
    emailFormat: 'รูปแบบอีเมลไม่ถูกต้อง',
    codeFormat: 'ใช้ได้เฉพาะตัวอักษร ตัวเลข และขีดล่าง',
    roleRequired: 'โปรดเลือกบทบาทอย่างน้อยหนึ่งบทบาท',
    dateFormat: 'รูปแบบวันที่ไม่ถูกต้อง',
    currency: 'โปรดเลือกสกุลเงิน',
    integer: 'โปรดป้อนจำนวนเต็ม',
    percentage: 'โปรดป้อนเปอร์เซ็นต์ 0 ถึง 100 ทศนิยมไม่เกินสองตำแหน่ง',
    invalid: 'ค่านี้ไม่ถูกต้อง',
    tooLarge: 'ค่านี้มากเกินไป',
    tooSmall: 'ค่านี้น้อยเกินไป',
    pageNumber: 'โปรดป้อนหมายเลขหน้าตั้งแต่ 1 ถึง 10000',
  },
  ...shell.th,
  ...admin.th,
  ...server.th,
  ...resources.th,
  ...system.th,
  ...catalogue.th,
  ...device.th,
  ...site.th,
  ...commands.th,
  ...commandConsole.th,
  ...siteConsole.th,
  ...alarms.th,
  ...energyBox.th,
  ...chargingProfile.th,
  ...deviceSend.th,
  ...monitorConsole.th,
  ...fee.th,
  ...order.th,
  ...reservation.th,
  ...energy.th,
  ...fleet.th,
  ...fleetConsole.th,
  ...home.th,
  ...crm.th,
  ...driverApp.th,
  ...revenue.th,
  ...subscription.th,
  ...subscriptionConsole.th,
  ...readable.th,
};
