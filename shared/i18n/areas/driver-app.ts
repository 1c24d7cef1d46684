/** The driver-app API's answers (functions/driverapp; issue 19). */
import { area } from '../area.ts';

export const driverApp = area(
  {
    driverApp: {
      server: {
        balanceTooLow: 'The available balance does not cover this session; top up first',
        alreadyCharging: 'You are already charging on this connector',
        noCompany: 'This app belongs to no known company',
        badCredentials: 'E-mail or password is wrong',
        locked: 'Your account is locked; please contact the operator',
        noConnector: 'This charger has no such connector',
        noTag: 'Your account has no charging tag yet; please contact the operator',
        noSession: 'You have no session on this connector',
      },
      validation: {
        wholeCents: 'Cards are charged in whole cents: at most two decimals',
      },
    },
  },
  {
    'zh-CN': {
      driverApp: {
        server: {
          balanceTooLow: '可用余额不足以支付本次充电，请先充值',
          alreadyCharging: '您已在此充电枪上充电',
          noCompany: '该 App 不属于任何已知公司',
          badCredentials: '邮箱或密码错误',
          locked: '您的账户已被锁定，请联系运营商',
          noConnector: '该充电桩没有此充电枪',
          noTag: '您的账户尚无充电标签，请联系运营商',
          noSession: '您在此充电枪上没有进行中的充电',
        },
        validation: {
          wholeCents: '银行卡按整分扣款：最多两位小数',
        },
      },
    },
    'zh-TW': {
      driverApp: {
        server: {
          balanceTooLow: '可用餘額不足以支付本次充電，請先儲值',
          alreadyCharging: '您已在此充電槍上充電',
          noCompany: '該 App 不屬於任何已知公司',
          badCredentials: '電子郵件或密碼錯誤',
          locked: '您的帳戶已被鎖定，請聯絡營運商',
          noConnector: '該充電樁沒有此充電槍',
          noTag: '您的帳戶尚無充電標籤，請聯絡營運商',
          noSession: '您在此充電槍上沒有進行中的充電',
        },
        validation: {
          wholeCents: '信用卡按整分扣款：最多兩位小數',
        },
      },
    },
    de: {
      driverApp: {
        server: {
          balanceTooLow: 'Das verfügbare Guthaben deckt diesen Ladevorgang nicht; bitte zuerst aufladen',
          alreadyCharging: 'Sie laden bereits an diesem Anschluss',
          noCompany: 'Diese App gehört zu keinem bekannten Unternehmen',
          badCredentials: 'E-Mail oder Passwort ist falsch',
          locked: 'Ihr Konto ist gesperrt; bitte wenden Sie sich an den Betreiber',
          noConnector: 'Dieser Ladepunkt hat keinen solchen Anschluss',
          noTag: 'Ihr Konto hat noch kein Lade-Tag; bitte wenden Sie sich an den Betreiber',
          noSession: 'Sie haben an diesem Anschluss keinen Ladevorgang',
        },
        validation: {
          wholeCents: 'Karten werden in ganzen Cent belastet: höchstens zwei Nachkommastellen',
        },
      },
    },
    th: {
      driverApp: {
        server: {
          balanceTooLow: 'ยอดเงินที่ใช้ได้ไม่พอสำหรับการชาร์จครั้งนี้ กรุณาเติมเงินก่อน',
          alreadyCharging: 'คุณกำลังชาร์จที่หัวชาร์จนี้อยู่แล้ว',
          noCompany: 'แอปนี้ไม่ได้เป็นของบริษัทใดที่รู้จัก',
          badCredentials: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
          locked: 'บัญชีของคุณถูกล็อก กรุณาติดต่อผู้ให้บริการ',
          noConnector: 'เครื่องชาร์จนี้ไม่มีหัวชาร์จดังกล่าว',
          noTag: 'บัญชีของคุณยังไม่มีแท็กชาร์จ กรุณาติดต่อผู้ให้บริการ',
          noSession: 'คุณไม่มีการชาร์จที่หัวชาร์จนี้',
        },
        validation: {
          wholeCents: 'บัตรถูกเรียกเก็บเป็นหน่วยเซ็นต์เต็ม: ทศนิยมไม่เกินสองตำแหน่ง',
        },
      },
    },
  },
);
